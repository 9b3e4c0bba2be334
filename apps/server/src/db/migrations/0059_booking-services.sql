CREATE TABLE "booking_service_orders" (
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_service_orders_tenant_id_booking_id_service_id_pk" PRIMARY KEY("tenant_id","booking_id","service_id"),
	CONSTRAINT "booking_service_orders_quantity_check" CHECK ("booking_service_orders"."quantity" between 1 and 999)
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
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
	"location_id" uuid,
	"resource_type_id" uuid,
	"lead_time_minutes" integer,
	"price" numeric(15, 2),
	"notify_email" text,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "booking_services_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "booking_service_orders" ADD CONSTRAINT "booking_service_orders_booking_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_service_orders" ADD CONSTRAINT "booking_service_orders_service_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."booking_services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_services" ADD CONSTRAINT "booking_services_resource_type_id_fk" FOREIGN KEY ("tenant_id","resource_type_id") REFERENCES "public"."resource_types"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_service_orders_service_idx" ON "booking_service_orders" USING btree ("tenant_id","service_id");--> statement-breakpoint
CREATE INDEX "booking_services_location_id_idx" ON "booking_services" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "booking_services_resource_type_id_idx" ON "booking_services" USING btree ("tenant_id","resource_type_id");--> statement-breakpoint
CREATE INDEX "booking_services_search_idx" ON "booking_services" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_services_custom_search_idx" ON "booking_services" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_services_custom_fields_idx" ON "booking_services" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "booking_services_created_idx" ON "booking_services" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_services_deleted_idx" ON "booking_services" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "booking_services_sort_idx" ON "booking_services" USING btree ("tenant_id","name","id");