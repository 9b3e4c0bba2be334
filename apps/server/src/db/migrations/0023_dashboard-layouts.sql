CREATE TABLE "dashboard_layouts" (
	"tenant_id" uuid NOT NULL,
	"tenant_user_id" uuid NOT NULL,
	"widgets" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dashboard_layouts_tenant_id_tenant_user_id_pk" PRIMARY KEY("tenant_id","tenant_user_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_user_fk" FOREIGN KEY ("tenant_id","tenant_user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;