CREATE TABLE "opportunities" (
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
	"organization_id" uuid,
	"contact_id" uuid,
	"expected_value" numeric(15, 2),
	"estimated_close_date" date,
	"probability" integer,
	"outcome" text,
	"outcome_reason" text,
	"description" text,
	"type_id" uuid,
	"workflow_stage_id" uuid,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("number"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "opportunities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "opportunities_number_key" UNIQUE("tenant_id","number")
);
--> statement-breakpoint
CREATE TABLE "opportunity_contacts" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opportunity_contacts_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_organization_id_fk" FOREIGN KEY ("tenant_id","organization_id") REFERENCES "public"."organizations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_contact_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_workflow_stage_id_fk" FOREIGN KEY ("tenant_id","workflow_stage_id") REFERENCES "public"."workflow_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunities" ADD CONSTRAINT "opportunities_type_id_fk" FOREIGN KEY ("tenant_id","type_id") REFERENCES "public"."entity_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_contacts" ADD CONSTRAINT "opportunity_contacts_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."opportunities"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opportunity_contacts" ADD CONSTRAINT "opportunity_contacts_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "opportunities_organization_id_idx" ON "opportunities" USING btree ("tenant_id","organization_id");--> statement-breakpoint
CREATE INDEX "opportunities_contact_id_idx" ON "opportunities" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "opportunities_stage_idx" ON "opportunities" USING btree ("tenant_id","workflow_stage_id");--> statement-breakpoint
CREATE INDEX "opportunities_type_idx" ON "opportunities" USING btree ("tenant_id","type_id");--> statement-breakpoint
CREATE INDEX "opportunities_search_idx" ON "opportunities" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_custom_search_idx" ON "opportunities" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "opportunities_custom_fields_idx" ON "opportunities" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "opportunities_created_idx" ON "opportunities" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "opportunities_sort_idx" ON "opportunities" USING btree ("tenant_id","estimated_close_date","id");--> statement-breakpoint
CREATE INDEX "opportunity_contacts_to_idx" ON "opportunity_contacts" USING btree ("tenant_id","to_id");