ALTER TABLE "notifications" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "record_title" text;--> statement-breakpoint
CREATE INDEX "contacts_dup_email_idx" ON "contacts" USING btree ("tenant_id",nullif(lower(btrim("email")), ''));--> statement-breakpoint
CREATE INDEX "contacts_dup_phone_idx" ON "contacts" USING btree ("tenant_id",nullif(regexp_replace("phone", '[^0-9]', '', 'g'), ''));--> statement-breakpoint
CREATE INDEX "organizations_dup_name_idx" ON "organizations" USING btree ("tenant_id",nullif(lower(btrim("name")), ''));--> statement-breakpoint
CREATE INDEX "organizations_dup_email_idx" ON "organizations" USING btree ("tenant_id",nullif(lower(btrim("email")), ''));--> statement-breakpoint
CREATE INDEX "organizations_dup_phone_idx" ON "organizations" USING btree ("tenant_id",nullif(regexp_replace("phone", '[^0-9]', '', 'g'), ''));