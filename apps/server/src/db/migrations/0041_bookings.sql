CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "booking_policies" (
	"tenant_id" uuid NOT NULL,
	"resource_type_id" uuid NOT NULL,
	"policy" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_policies_tenant_id_resource_type_id_pk" PRIMARY KEY("tenant_id","resource_type_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"resource_id" uuid NOT NULL,
	"booker_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_from" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"exclusive" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'Booked' NOT NULL,
	"title" text,
	"notes" text,
	"checked_in_at" timestamp with time zone,
	"checked_out_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "bookings_range_check" CHECK ("bookings"."ends_at" > "bookings"."starts_at" and "bookings"."blocked_from" <= "bookings"."starts_at" and "bookings"."blocked_until" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('Booked', 'CheckedIn', 'CheckedOut', 'Cancelled', 'Released'))
);
--> statement-breakpoint
ALTER TABLE "booking_policies" ADD CONSTRAINT "booking_policies_type_fk" FOREIGN KEY ("tenant_id","resource_type_id") REFERENCES "public"."resource_types"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_resource_fk" FOREIGN KEY ("tenant_id","resource_id") REFERENCES "public"."resources"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booker_fk" FOREIGN KEY ("tenant_id","booker_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_resource_idx" ON "bookings" USING btree ("tenant_id","resource_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_booker_idx" ON "bookings" USING btree ("tenant_id","booker_id","starts_at");--> statement-breakpoint
-- No double booking by construction (decision 093): the live bookings of an exclusive resource
-- never overlap, their ranges widened by the buffers. Drizzle cannot state an exclusion constraint.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, "resource_id" WITH =, tstzrange("blocked_from", "blocked_until", '[)') WITH &&) WHERE ("exclusive" AND "status" IN ('Booked', 'CheckedIn'));
