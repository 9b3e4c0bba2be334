CREATE TABLE "leads" (
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
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text,
	"phone" text,
	"organization" text,
	"job_title" text,
	"website" text,
	"source" text,
	"address" text,
	"description" text,
	"converted_at" timestamp with time zone,
	"converted_to_kind" text,
	"converted_to_id" text,
	"workflow_stage_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("first_name"::text, '') || ' ' || coalesce("last_name"::text, '') || ' ' || coalesce("email"::text, '') || ' ' || coalesce("phone"::text, '') || ' ' || coalesce("organization"::text, '') || ' ' || coalesce("number"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "leads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "leads_number_key" UNIQUE("tenant_id","number")
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_workflow_stage_id_fk" FOREIGN KEY ("tenant_id","workflow_stage_id") REFERENCES "public"."workflow_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("tenant_id","workflow_stage_id");--> statement-breakpoint
CREATE INDEX "leads_dup_email_idx" ON "leads" USING btree ("tenant_id",nullif(lower(btrim("email")), ''));--> statement-breakpoint
CREATE INDEX "leads_dup_phone_idx" ON "leads" USING btree ("tenant_id",nullif(regexp_replace("phone", '[^0-9]', '', 'g'), ''));--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_custom_search_idx" ON "leads" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_custom_fields_idx" ON "leads" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "leads_created_idx" ON "leads" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_sort_idx" ON "leads" USING btree ("tenant_id","created_at","id");