CREATE TABLE "booking_page_maps" (
	"tenant_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"floor_map_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "booking_page_maps_tenant_id_page_id_floor_map_id_pk" PRIMARY KEY("tenant_id","page_id","floor_map_id")
);
--> statement-breakpoint
CREATE TABLE "booking_page_time_slots" (
	"tenant_id" uuid NOT NULL,
	"page_id" uuid NOT NULL,
	"day" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	CONSTRAINT "booking_page_time_slots_tenant_id_page_id_day_starts_at_pk" PRIMARY KEY("tenant_id","page_id","day","starts_at"),
	CONSTRAINT "booking_page_time_slots_day_check" CHECK ("booking_page_time_slots"."day" in ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun')),
	CONSTRAINT "booking_page_time_slots_range_check" CHECK ("booking_page_time_slots"."starts_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "booking_page_time_slots"."ends_at" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "booking_page_time_slots"."ends_at" > "booking_page_time_slots"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "booking_page_maps" ADD CONSTRAINT "booking_page_maps_page_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."booking_pages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_page_maps" ADD CONSTRAINT "booking_page_maps_floor_map_fk" FOREIGN KEY ("tenant_id","floor_map_id") REFERENCES "public"."floor_maps"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_page_time_slots" ADD CONSTRAINT "booking_page_time_slots_page_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."booking_pages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_page_maps_floor_map_idx" ON "booking_page_maps" USING btree ("tenant_id","floor_map_id");