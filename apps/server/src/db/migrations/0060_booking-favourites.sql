CREATE TABLE "booking_favourites" (
	"tenant_id" uuid NOT NULL,
	"tenant_user_id" uuid NOT NULL,
	"resource_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_favourites_tenant_id_tenant_user_id_resource_id_pk" PRIMARY KEY("tenant_id","tenant_user_id","resource_id")
);
--> statement-breakpoint
ALTER TABLE "booking_favourites" ADD CONSTRAINT "booking_favourites_member_fk" FOREIGN KEY ("tenant_id","tenant_user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_favourites" ADD CONSTRAINT "booking_favourites_resource_fk" FOREIGN KEY ("tenant_id","resource_id") REFERENCES "public"."resources"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_favourites_resource_idx" ON "booking_favourites" USING btree ("tenant_id","resource_id");