CREATE TABLE "project_contacts" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_contacts_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
CREATE TABLE "project_opportunities" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_opportunities_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
CREATE TABLE "project_organizations" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_organizations_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
CREATE TABLE "project_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "project_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"project_template_id" uuid,
	"assignee_id" uuid,
	"status" text,
	"start_date" date,
	"end_date" date,
	"scheduling_mode" text,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("code"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "projects_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"project_id" uuid,
	"assignee_id" uuid,
	"priority" text,
	"start_date" date,
	"due_date" date,
	"parent_task_id" uuid,
	"estimate_hours" numeric(18, 2),
	"description" text,
	"type_id" uuid,
	"workflow_stage_id" uuid,
	"board_rank" numeric(18, 6),
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("number"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "tasks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "tasks_number_key" UNIQUE("tenant_id","number")
);
--> statement-breakpoint
ALTER TABLE "workflows" DROP CONSTRAINT "workflows_name_key";--> statement-breakpoint
ALTER TABLE "workflows" ADD COLUMN "scope_id" uuid;--> statement-breakpoint
ALTER TABLE "project_contacts" ADD CONSTRAINT "project_contacts_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_contacts" ADD CONSTRAINT "project_contacts_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_opportunities" ADD CONSTRAINT "project_opportunities_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_opportunities" ADD CONSTRAINT "project_opportunities_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."opportunities"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_organizations" ADD CONSTRAINT "project_organizations_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_organizations" ADD CONSTRAINT "project_organizations_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."organizations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_project_template_id_fk" FOREIGN KEY ("tenant_id","project_template_id") REFERENCES "public"."project_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_parent_task_id_fk" FOREIGN KEY ("tenant_id","parent_task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_workflow_stage_id_fk" FOREIGN KEY ("tenant_id","workflow_stage_id") REFERENCES "public"."workflow_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_type_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."entity_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_contacts_to_idx" ON "project_contacts" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE INDEX "project_opportunities_to_idx" ON "project_opportunities" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE INDEX "project_organizations_to_idx" ON "project_organizations" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE INDEX "project_templates_search_idx" ON "project_templates" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_templates_custom_search_idx" ON "project_templates" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_templates_custom_fields_idx" ON "project_templates" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "project_templates_created_idx" ON "project_templates" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "project_templates_deleted_idx" ON "project_templates" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "project_templates_sort_idx" ON "project_templates" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "projects_project_template_id_idx" ON "projects" USING btree ("tenant_id","project_template_id");--> statement-breakpoint
CREATE INDEX "projects_assignee_id_idx" ON "projects" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_code_key" ON "projects" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "projects_search_idx" ON "projects" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_custom_search_idx" ON "projects" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "projects_custom_fields_idx" ON "projects" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "projects_created_idx" ON "projects" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "projects_deleted_idx" ON "projects" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "projects_sort_idx" ON "projects" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "tasks_project_id_idx" ON "tasks" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "tasks_assignee_id_idx" ON "tasks" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "tasks_parent_task_id_idx" ON "tasks" USING btree ("tenant_id","parent_task_id");--> statement-breakpoint
CREATE INDEX "tasks_stage_idx" ON "tasks" USING btree ("tenant_id","workflow_stage_id","board_rank");--> statement-breakpoint
CREATE INDEX "tasks_type_idx" ON "tasks" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE INDEX "tasks_search_idx" ON "tasks" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_custom_search_idx" ON "tasks" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_custom_fields_idx" ON "tasks" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_deleted_idx" ON "tasks" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "tasks_sort_idx" ON "tasks" USING btree ("tenant_id","due_date","id");--> statement-breakpoint
CREATE INDEX "workflows_scope_idx" ON "workflows" USING btree ("tenant_id","scope_id");--> statement-breakpoint
ALTER TABLE "workflows" ADD CONSTRAINT "workflows_name_key" UNIQUE NULLS NOT DISTINCT("tenant_id","entity_kind","type_id","scope_id","name");--> statement-breakpoint
-- Workspaces made before work management get the task stages a new workspace starts with
-- (createDefaultWorkflows: taskEntity.defaultStages, in English); a project copies them.
ALTER TABLE "workflows" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workflow_stages" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
WITH "added" AS (
  INSERT INTO "workflows" ("tenant_id", "entity_kind", "type_id", "scope_id", "name", "is_default")
  SELECT t."id", 'Task', NULL, NULL, 'Task stages', true FROM "tenants" t
  WHERE NOT EXISTS (SELECT 1 FROM "workflows" w WHERE w."tenant_id" = t."id" AND w."entity_kind" = 'Task')
  RETURNING "tenant_id", "id"
)
INSERT INTO "workflow_stages" ("tenant_id", "workflow_id", "name", "stage_type", "color", "sort_order")
SELECT a."tenant_id", a."id", s."name", s."stage_type", s."color", s."sort_order"
FROM "added" a CROSS JOIN (VALUES
  ('To do', 'Open', '#8c8c8c', 'a0'),
  ('In progress', 'InProgress', '#1677ff', 'a1'),
  ('In review', 'InProgress', '#722ed1', 'a2'),
  ('Done', 'Closed', '#52c41a', 'a3')) s ("name", "stage_type", "color", "sort_order");
