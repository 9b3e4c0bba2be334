ALTER TABLE "bookings" ADD COLUMN "group_id" uuid;--> statement-breakpoint
CREATE INDEX "bookings_group_idx" ON "bookings" USING btree ("tenant_id","group_id") WHERE "bookings"."group_id" is not null;