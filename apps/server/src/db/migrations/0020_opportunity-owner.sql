ALTER TABLE "opportunities" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_owner_id_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("owner_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_owner_id_idx" ON "opportunities" USING btree ("tenant_id","owner_id");--> statement-breakpoint
-- a user leaving the workspace clears only the owner, never the tenant column (decision 034);
-- opportunities made before owners existed belong to whoever created them
UPDATE "opportunities" o SET "owner_id" = o."created_by"
  WHERE o."owner_id" IS NULL AND EXISTS (SELECT 1 FROM "tenant_users" tu WHERE tu."tenant_id" = o."tenant_id" AND tu."id" = o."created_by");