CREATE TABLE "helpdesk_members" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"helpdesk_id" uuid NOT NULL,
	"tenant_user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_members_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "helpdesk_members_role_check" CHECK (role in ('Viewer', 'Agent', 'Supervisor'))
);
--> statement-breakpoint
ALTER TABLE "helpdesk_members" ADD CONSTRAINT "helpdesk_members_helpdesk_fk" FOREIGN KEY ("tenant_id","helpdesk_id") REFERENCES "public"."helpdesks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_members" ADD CONSTRAINT "helpdesk_members_user_fk" FOREIGN KEY ("tenant_id","tenant_user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_members_helpdesk_user_key" ON "helpdesk_members" USING btree ("tenant_id","helpdesk_id","tenant_user_id");--> statement-breakpoint
CREATE INDEX "helpdesk_members_user_idx" ON "helpdesk_members" USING btree ("tenant_id","tenant_user_id");