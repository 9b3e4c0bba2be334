DROP INDEX "calendar_feeds_token_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("tenant_id","token_hash");