ALTER TABLE "teams" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
ALTER TABLE "custom_queries" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_queries" ADD COLUMN "deleted_by" uuid;--> statement-breakpoint
CREATE INDEX "teams_deleted_idx" ON "teams" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "contacts_deleted_idx" ON "contacts" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "leads_deleted_idx" ON "leads" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "opportunities_deleted_idx" ON "opportunities" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "organizations_deleted_idx" ON "organizations" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "custom_queries_deleted_idx" ON "custom_queries" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;