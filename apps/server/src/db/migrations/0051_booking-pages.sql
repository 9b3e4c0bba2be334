CREATE TABLE "booking_pages" (
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
	"slug" text,
	"location_id" uuid,
	"internal_visibility" text DEFAULT 'Everyone' NOT NULL,
	"external_visibility" text DEFAULT 'None' NOT NULL,
	"portal_enabled" boolean DEFAULT false NOT NULL,
	"items" jsonb,
	"policy" jsonb,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("slug"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "booking_pages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_status_check";--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "booker_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "page_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_pages" ADD CONSTRAINT "booking_pages_location_id_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_pages_location_id_idx" ON "booking_pages" USING btree ("tenant_id","location_id");--> statement-breakpoint
CREATE INDEX "booking_pages_search_idx" ON "booking_pages" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_pages_custom_search_idx" ON "booking_pages" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "booking_pages_custom_fields_idx" ON "booking_pages" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "booking_pages_created_idx" ON "booking_pages" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "booking_pages_deleted_idx" ON "booking_pages" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "booking_pages_sort_idx" ON "booking_pages" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_pages_slug_key" ON "booking_pages" USING btree ("tenant_id","slug");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_page_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."booking_pages"("tenant_id","id") ON DELETE SET NULL ("page_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_contact_idx" ON "bookings" USING btree ("tenant_id","contact_id") WHERE "bookings"."contact_id" is not null;--> statement-breakpoint
CREATE INDEX "bookings_page_idx" ON "bookings" USING btree ("tenant_id","page_id") WHERE "bookings"."page_id" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booker_check" CHECK ("bookings"."booker_id" is not null or "bookings"."contact_id" is not null or "bookings"."status" = 'Held');--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_hold_check" CHECK (("bookings"."status" = 'Held') = ("bookings"."held_until" is not null));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('Booked', 'CheckedIn', 'CheckedOut', 'Cancelled', 'Released', 'Held'));--> statement-breakpoint
-- A portal visitor's hold (status Held) holds its time like a booking (decision 093, round four);
-- an expired hold is deleted before a booking of its resource is written. Drizzle cannot state
-- an exclusion constraint.
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("tenant_id" WITH =, "resource_id" WITH =, tstzrange("blocked_from", "blocked_until", '[)') WITH &&) WHERE ("exclusive" AND "status" IN ('Booked', 'CheckedIn', 'Held'));
