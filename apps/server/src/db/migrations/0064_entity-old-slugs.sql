CREATE TABLE "entity_old_slugs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"scope_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_old_slugs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "entity_old_slugs_key" ON "entity_old_slugs" USING btree ("tenant_id","entity_kind","scope_id","slug");--> statement-breakpoint
CREATE INDEX "entity_old_slugs_entity_idx" ON "entity_old_slugs" USING btree ("tenant_id","entity_id");--> statement-breakpoint
-- the helpdesk's old slugs move into the engine's table (the next migration drops theirs)
INSERT INTO "entity_old_slugs" ("tenant_id", "entity_kind", "scope_id", "slug", "entity_id", "created_at")
SELECT "tenant_id", "entity_kind", "scope_id", "slug", "entity_id", "created_at" FROM "helpdesk_old_slugs";
