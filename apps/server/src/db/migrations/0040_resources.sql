CREATE TABLE "locations" (
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
	"address" text,
	"time_zone" text NOT NULL,
	"opening_hours" jsonb,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("address"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "locations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
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
	"bookable_mode" text DEFAULT 'None' NOT NULL,
	"capacity_default" integer,
	"icon" text,
	"attributes" jsonb,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "resource_types_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
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
	"resource_type_id" uuid,
	"location_id" uuid,
	"capacity" integer,
	"attributes" jsonb,
	"person_id" uuid,
	"holder_id" uuid,
	"checked_out_at" timestamp with time zone,
	"description" text,
	"workflow_stage_id" uuid,
	"board_rank" numeric(18, 6),
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "resources_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_resource_type_id_fk" FOREIGN KEY ("tenant_id","resource_type_id") REFERENCES "public"."resource_types"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_person_id_fk" FOREIGN KEY ("tenant_id","person_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("person_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_holder_id_fk" FOREIGN KEY ("tenant_id","holder_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("holder_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_workflow_stage_id_fk" FOREIGN KEY ("tenant_id","workflow_stage_id") REFERENCES "public"."workflow_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "locations_search_idx" ON "locations" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_custom_search_idx" ON "locations" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_custom_fields_idx" ON "locations" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "locations_created_idx" ON "locations" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "locations_deleted_idx" ON "locations" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "locations_sort_idx" ON "locations" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "resource_types_search_idx" ON "resource_types" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_types_custom_search_idx" ON "resource_types" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resource_types_custom_fields_idx" ON "resource_types" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "resource_types_created_idx" ON "resource_types" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "resource_types_deleted_idx" ON "resource_types" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "resource_types_sort_idx" ON "resource_types" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "resources_resource_type_id_idx" ON "resources" USING btree ("tenant_id","resource_type_id");--> statement-breakpoint
CREATE INDEX "resources_location_id_idx" ON "resources" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "resources_person_id_idx" ON "resources" USING btree ("tenant_id","person_id");--> statement-breakpoint
CREATE INDEX "resources_holder_id_idx" ON "resources" USING btree ("tenant_id","holder_id");--> statement-breakpoint
CREATE INDEX "resources_stage_idx" ON "resources" USING btree ("tenant_id","workflow_stage_id","board_rank");--> statement-breakpoint
CREATE INDEX "resources_search_idx" ON "resources" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resources_custom_search_idx" ON "resources" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "resources_custom_fields_idx" ON "resources" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "resources_created_idx" ON "resources" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "resources_deleted_idx" ON "resources" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "resources_sort_idx" ON "resources" USING btree ("tenant_id","name","id");