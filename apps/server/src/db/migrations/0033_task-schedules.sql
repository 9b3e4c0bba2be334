CREATE TABLE "task_schedule_runs" (
	"tenant_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"occurs_at" timestamp with time zone NOT NULL,
	"task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_schedule_runs_tenant_id_schedule_id_occurs_at_pk" PRIMARY KEY("tenant_id","schedule_id","occurs_at")
);
--> statement-breakpoint
CREATE TABLE "task_schedules" (
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
	"project_id" uuid,
	"project_template_id" uuid,
	"rule" text NOT NULL,
	"starts_at" text NOT NULL,
	"time_zone" text NOT NULL,
	"assignee_id" uuid,
	"priority" text,
	"due_after_days" integer,
	"active" boolean DEFAULT false NOT NULL,
	"last_run_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "task_schedules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "task_schedule_runs" ADD CONSTRAINT "task_schedule_runs_schedule_fk" FOREIGN KEY ("tenant_id","schedule_id") REFERENCES "public"."task_schedules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_project_id_fk" FOREIGN KEY ("tenant_id","project_id") REFERENCES "public"."projects"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_project_template_id_fk" FOREIGN KEY ("tenant_id","project_template_id") REFERENCES "public"."project_templates"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_schedules" ADD CONSTRAINT "task_schedules_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_schedules_project_id_idx" ON "task_schedules" USING btree ("tenant_id","project_id");--> statement-breakpoint
CREATE INDEX "task_schedules_project_template_id_idx" ON "task_schedules" USING btree ("tenant_id","project_template_id");--> statement-breakpoint
CREATE INDEX "task_schedules_assignee_id_idx" ON "task_schedules" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "task_schedules_search_idx" ON "task_schedules" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_schedules_custom_search_idx" ON "task_schedules" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "task_schedules_custom_fields_idx" ON "task_schedules" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "task_schedules_created_idx" ON "task_schedules" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "task_schedules_deleted_idx" ON "task_schedules" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "task_schedules_sort_idx" ON "task_schedules" USING btree ("tenant_id","name","id");