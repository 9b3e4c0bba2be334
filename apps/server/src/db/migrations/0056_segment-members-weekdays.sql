CREATE TABLE "segment_members" (
	"tenant_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "segment_members_tenant_id_segment_id_contact_id_pk" PRIMARY KEY("tenant_id","segment_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_window_days" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "last_action" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "last_action_note" text;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "members_rebuilt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_segment_fk" FOREIGN KEY ("tenant_id","segment_id") REFERENCES "public"."segments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_members" ADD CONSTRAINT "segment_members_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_members_contact_idx" ON "segment_members" USING btree ("tenant_id","contact_id");