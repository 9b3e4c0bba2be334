ALTER TABLE "requests" ADD COLUMN "type_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_type_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."entity_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_type_idx" ON "requests" USING btree ("tenant_id","type_id");