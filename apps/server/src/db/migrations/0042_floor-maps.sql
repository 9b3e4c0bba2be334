CREATE TABLE "floor_map_images" (
	"tenant_id" uuid NOT NULL,
	"floor_map_id" uuid NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "floor_map_images_tenant_id_floor_map_id_pk" PRIMARY KEY("tenant_id","floor_map_id")
);
--> statement-breakpoint
CREATE TABLE "floor_map_placements" (
	"tenant_id" uuid NOT NULL,
	"floor_map_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"shape" jsonb NOT NULL,
	"rotation" real DEFAULT 0 NOT NULL,
	"label" text,
	CONSTRAINT "floor_map_placements_tenant_id_floor_map_id_resource_id_pk" PRIMARY KEY("tenant_id","floor_map_id","resource_id")
);
--> statement-breakpoint
CREATE TABLE "floor_maps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"level_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"image_content_type" text,
	"image_width" integer,
	"image_height" integer,
	"image_size" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "floor_maps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "floor_maps_name_check" CHECK (length("floor_maps"."name") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "floor_map_images" ADD CONSTRAINT "floor_map_images_map_fk" FOREIGN KEY ("tenant_id","floor_map_id") REFERENCES "public"."floor_maps"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_map_placements" ADD CONSTRAINT "floor_map_placements_map_fk" FOREIGN KEY ("tenant_id","floor_map_id") REFERENCES "public"."floor_maps"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_map_placements" ADD CONSTRAINT "floor_map_placements_resource_fk" FOREIGN KEY ("tenant_id","resource_id") REFERENCES "public"."resources"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "floor_maps" ADD CONSTRAINT "floor_maps_location_fk" FOREIGN KEY ("tenant_id","location_id") REFERENCES "public"."locations"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floor_map_placements_resource_idx" ON "floor_map_placements" USING btree ("tenant_id","resource_id");--> statement-breakpoint
CREATE INDEX "floor_maps_location_idx" ON "floor_maps" USING btree ("tenant_id","location_id","level_order");