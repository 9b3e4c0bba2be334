DROP INDEX "requests_newest_idx";--> statement-breakpoint
DROP INDEX "campaigns_sort_idx";--> statement-breakpoint
DROP INDEX "leads_sort_idx";--> statement-breakpoint
DROP INDEX "requests_sort_idx";--> statement-breakpoint
CREATE INDEX "campaigns_sort_idx" ON "campaigns" USING btree ("tenant_id","updated_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "leads_sort_idx" ON "leads" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "requests_sort_idx" ON "requests" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id");