CREATE TABLE "campaign_recipients" (
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"skip_reason" text,
	"email" text,
	"queued_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "campaign_recipients_tenant_id_campaign_id_contact_id_pk" PRIMARY KEY("tenant_id","campaign_id","contact_id"),
	CONSTRAINT "campaign_recipients_state_check" CHECK ("campaign_recipients"."state" in ('queued', 'sent', 'skipped', 'opened', 'clicked', 'bounced', 'unsubscribed'))
);
--> statement-breakpoint
CREATE TABLE "campaign_settings" (
	"tenant_id" uuid NOT NULL,
	"hourly_limit" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_settings_tenant_id_pk" PRIMARY KEY("tenant_id"),
	CONSTRAINT "campaign_settings_limit_check" CHECK ("campaign_settings"."hourly_limit" > 0)
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
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
	"status" text,
	"segment_ids" jsonb,
	"email_template_id" text,
	"sender_name" text,
	"sender_email" text,
	"scheduled_at" timestamp with time zone,
	"last_action_at" timestamp with time zone,
	"recipients" integer,
	"sent" integer,
	"opened" integer,
	"clicked" integer,
	"bounced" integer,
	"unsubscribed" integer,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "campaigns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "segments" (
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
	"description" text,
	"query" jsonb,
	"included_ids" jsonb,
	"excluded_ids" jsonb,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("description"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "segments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_recipients_state_idx" ON "campaign_recipients" USING btree ("tenant_id","campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaign_recipients_sent_idx" ON "campaign_recipients" USING btree ("tenant_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_contact_idx" ON "campaign_recipients" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaigns_search_idx" ON "campaigns" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_custom_search_idx" ON "campaigns" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "campaigns_custom_fields_idx" ON "campaigns" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "campaigns_created_idx" ON "campaigns" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_deleted_idx" ON "campaigns" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "campaigns_sort_idx" ON "campaigns" USING btree ("tenant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "segments_search_idx" ON "segments" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "segments_custom_search_idx" ON "segments" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "segments_custom_fields_idx" ON "segments" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "segments_created_idx" ON "segments" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "segments_deleted_idx" ON "segments" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "segments_sort_idx" ON "segments" USING btree ("tenant_id","name","id");