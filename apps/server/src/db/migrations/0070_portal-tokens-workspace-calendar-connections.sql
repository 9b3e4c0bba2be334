CREATE TABLE "calendar_connections" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"account_email" text,
	"scopes" text DEFAULT '' NOT NULL,
	"refresh_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_connections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "calendar_connections_provider_check" CHECK (provider in ('google', 'microsoft'))
);
--> statement-breakpoint
ALTER TABLE "helpdesk_portal_tokens" ALTER COLUMN "helpdesk_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_connections" ADD CONSTRAINT "calendar_connections_owner_fk" FOREIGN KEY ("tenant_id","owner_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_connections_owner_provider_key" ON "calendar_connections" USING btree ("tenant_id","owner_id","provider");