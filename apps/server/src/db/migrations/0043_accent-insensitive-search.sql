-- Search without accents (issue 26): "oztürk" finds "Öztürk", "jose" finds "José". unaccent is a
-- trusted extension (PostgreSQL 13+), in the embedded and the Debian server alike; atrium_fold is
-- immutable (unaccent() itself is only stable, since its dictionary could change) so that the
-- generated search columns may use it. Each kind's search text and custom-field search text are
-- rebuilt, and their trigram indexes with them.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE OR REPLACE FUNCTION atrium_fold(t text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, t))
$$;--> statement-breakpoint
ALTER TABLE "contacts" drop column "search_text";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("first_name"::text, '') || ' ' || coalesce("last_name"::text, '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("phone"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "contacts" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "leads" drop column "search_text";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("first_name"::text, '') || ' ' || coalesce("last_name"::text, '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("phone"::text, '') || ' ' || coalesce("organization"::text, '') || ' ' || coalesce("number"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "leads" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "opportunities" drop column "search_text";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("number"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "opportunities" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "organizations" drop column "search_text";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("number"::text, '') || ' ' || coalesce("website"::text, '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("industry"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "organizations" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "custom_queries" drop column "search_text";--> statement-breakpoint
ALTER TABLE "custom_queries" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "custom_queries" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "custom_queries" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "teams" drop column "search_text";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "teams" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "project_templates" drop column "search_text";--> statement-breakpoint
ALTER TABLE "project_templates" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "project_templates" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "project_templates" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "projects" drop column "search_text";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("code"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "projects" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" drop column "search_text";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("number"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "tasks" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "task_schedules" drop column "search_text";--> statement-breakpoint
ALTER TABLE "task_schedules" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "task_schedules" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "task_schedules" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "locations" drop column "search_text";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("address"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "locations" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "resource_types" drop column "search_text";--> statement-breakpoint
ALTER TABLE "resource_types" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "resource_types" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "resource_types" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
ALTER TABLE "resources" drop column "search_text";--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "resources" drop column "custom_search";--> statement-breakpoint
ALTER TABLE "resources" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED;--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_custom_search_idx" ON "contacts" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_custom_search_idx" ON "leads" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_custom_search_idx" ON "opportunities" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_custom_search_idx" ON "organizations" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_queries_search_idx" ON "custom_queries" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_queries_custom_search_idx" ON "custom_queries" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_search_idx" ON "teams" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_custom_search_idx" ON "teams" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_templates_search_idx" ON "project_templates" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_templates_custom_search_idx" ON "project_templates" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_custom_search_idx" ON "projects" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_custom_search_idx" ON "tasks" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_schedules_search_idx" ON "task_schedules" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_schedules_custom_search_idx" ON "task_schedules" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_search_idx" ON "locations" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_custom_search_idx" ON "locations" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_types_search_idx" ON "resource_types" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_types_custom_search_idx" ON "resource_types" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resources_custom_search_idx" ON "resources" USING gin ("tenant_id","custom_search" gin_trgm_ops);
