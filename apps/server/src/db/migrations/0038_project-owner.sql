ALTER TABLE "projects" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("owner_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_owner_id_idx" ON "projects" USING btree ("tenant_id","owner_id");--> statement-breakpoint
-- a project made before owners existed is owned by whoever created it (when still a member)
UPDATE "projects" p SET "owner_id" = p."created_by" WHERE p."owner_id" IS NULL AND EXISTS (SELECT 1 FROM "tenant_users" u WHERE u."tenant_id" = p."tenant_id" AND u."id" = p."created_by");
