CREATE TABLE "organization_contacts" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_contacts_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" uuid,
	"website" text,
	"email" text,
	"phone" text,
	"industry" text,
	"size" text,
	"annual_revenue" numeric(15, 2),
	"address" text,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("number"::text, '') || ' ' || coalesce("website"::text, '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("industry"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "organizations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "organizations_number_key" UNIQUE("tenant_id","number")
);
--> statement-breakpoint
CREATE TABLE "entity_counters" (
	"tenant_id" uuid NOT NULL,
	"entity_kind" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "entity_counters_tenant_id_entity_kind_pk" PRIMARY KEY("tenant_id","entity_kind")
);
--> statement-breakpoint
CREATE TABLE "entity_types" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"color" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_workflow_stage_fk";
--> statement-breakpoint
DROP INDEX "contacts_name_idx";--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("first_name"::text, '') || ' ' || coalesce("last_name"::text, '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("phone"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "type_id" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED;--> statement-breakpoint
ALTER TABLE "organization_contacts" ADD CONSTRAINT "organization_contacts_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."organizations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_contacts" ADD CONSTRAINT "organization_contacts_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_parent_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."organizations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_contacts_to_idx" ON "organization_contacts" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE INDEX "organizations_parent_id_idx" ON "organizations" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_custom_search_idx" ON "organizations" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_custom_fields_idx" ON "organizations" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "organizations_created_idx" ON "organizations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "organizations_sort_idx" ON "organizations" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "entity_types_name_key" ON "entity_types" USING btree ("tenant_id","entity_kind",lower("name"));--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_fk" FOREIGN KEY ("tenant_id","organization_id") REFERENCES "public"."organizations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_workflow_stage_id_fk" FOREIGN KEY ("tenant_id","workflow_stage_id") REFERENCES "public"."workflow_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_type_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."entity_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_organization_id_idx" ON "contacts" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE INDEX "contacts_type_idx" ON "contacts" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE INDEX "contacts_custom_search_idx" ON "contacts" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_sort_idx" ON "contacts" USING btree ("tenant_id","last_name","first_name","id");--> statement-breakpoint
-- Contact.organization was free text; it becomes a reference to an organization. Each distinct
-- name (ignoring case and surrounding blanks) becomes one organization of that workspace,
-- numbered in the order it first appeared, and the contacts point at it. Saved contact views
-- follow the renamed field. The owner runs this without forced RLS (security.sql forces it again).
ALTER TABLE "contacts" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "saved_views" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
INSERT INTO "organizations" ("tenant_id", "number", "name", "created_at", "updated_at")
SELECT "tenant_id", 'ORG-' || row_number() OVER (PARTITION BY "tenant_id" ORDER BY "first_seen", "key"), "name", "first_seen", "first_seen"
FROM (
  SELECT "tenant_id", lower(btrim("organization")) AS "key", min(btrim("organization")) AS "name", min("created_at") AS "first_seen"
  FROM "contacts" WHERE coalesce(btrim("organization"), '') <> ''
  GROUP BY "tenant_id", lower(btrim("organization"))
) AS "names";--> statement-breakpoint
UPDATE "contacts" AS c SET "organization_id" = o."id"
FROM "organizations" AS o
WHERE o."tenant_id" = c."tenant_id" AND lower(o."name") = lower(btrim(c."organization"));--> statement-breakpoint
INSERT INTO "entity_counters" ("tenant_id", "entity_kind", "value")
SELECT "tenant_id", 'Organization', count(*) FROM "organizations" GROUP BY "tenant_id";--> statement-breakpoint
UPDATE "saved_views" SET
  "columns" = array_replace("columns", 'organization', 'organizationId'),
  "filters" = replace("filters"::text, '"field": "organization"', '"field": "organizationId"')::jsonb,
  "sort" = replace("sort"::text, '"field": "organization"', '"field": "organizationId"')::jsonb
WHERE "list_key" = 'contacts';--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "organization";--> statement-breakpoint
-- dropping the old search_text dropped its index; the new column gets it back
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("tenant_id","search_text" gin_trgm_ops);