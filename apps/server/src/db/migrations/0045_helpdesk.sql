CREATE TABLE "articles" (
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
	"title" text NOT NULL,
	"helpdesk_id" uuid,
	"topic_id" uuid,
	"slug" text,
	"language" text DEFAULT 'en' NOT NULL,
	"visibility" text DEFAULT 'Public' NOT NULL,
	"status" text DEFAULT 'Draft' NOT NULL,
	"published_at" timestamp with time zone,
	"content" text,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("title"::text, '') || ' ' || coalesce("slug"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS (case "language" when 'en' then setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('english'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') when 'de' then setweight(to_tsvector('german'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('german'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') when 'fr' then setweight(to_tsvector('french'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('french'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') when 'es' then setweight(to_tsvector('spanish'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('spanish'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') when 'it' then setweight(to_tsvector('italian'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('italian'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') when 'nl' then setweight(to_tsvector('dutch'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('dutch'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') else setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce("title", ''), '<[^>]*>', ' ', 'g')), 'A') || setweight(to_tsvector('simple'::regconfig, regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'B') end) STORED,
	CONSTRAINT "articles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "helpdesk_old_slugs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"scope_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_old_slugs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "helpdesk_old_slugs_kind_check" CHECK (entity_kind in ('Helpdesk', 'Article'))
);
--> statement-breakpoint
CREATE TABLE "helpdesks" (
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
	"code" text NOT NULL,
	"portal_slug" text,
	"sender_address" text,
	"portal_enabled" boolean DEFAULT false NOT NULL,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, '') || ' ' || coalesce("code"::text, '') || ' ' || coalesce("portal_slug"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "helpdesks_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "request_messages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"author_id" uuid,
	"author_name" text,
	"from_address" text,
	"to_address" text,
	"message_id" text,
	"in_reply_to" text,
	"references" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_messages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "request_messages_kind_check" CHECK (kind in ('inbound', 'outbound', 'note')),
	CONSTRAINT "request_messages_body_check" CHECK (length(body) between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "requests" (
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
	"number" text NOT NULL,
	"subject" text NOT NULL,
	"helpdesk_id" uuid,
	"requester_id" uuid,
	"requester_email" text,
	"topic_id" uuid,
	"assignee_id" uuid,
	"priority" text,
	"channel" text DEFAULT 'Agent' NOT NULL,
	"task_id" uuid,
	"description" text,
	"workflow_stage_id" uuid,
	"board_rank" numeric(18, 6),
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("subject"::text, '') || ' ' || coalesce("number"::text, '') || ' ' || coalesce("requester_email"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "requests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "requests_number_key" UNIQUE("tenant_id","number")
);
--> statement-breakpoint
CREATE TABLE "topics" (
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
	"helpdesk_id" uuid,
	"position" integer,
	"default_assignee_id" uuid,
	"description" text,
	"search_text" text GENERATED ALWAYS AS (atrium_fold(coalesce("name"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_fold(atrium_search_values(custom_fields))) STORED,
	CONSTRAINT "topics_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_helpdesk_id_fk" FOREIGN KEY ("tenant_id","helpdesk_id") REFERENCES "public"."helpdesks"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_topic_id_fk" FOREIGN KEY ("tenant_id","topic_id") REFERENCES "public"."topics"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_request_fk" FOREIGN KEY ("tenant_id","request_id") REFERENCES "public"."requests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_helpdesk_id_fk" FOREIGN KEY ("tenant_id","helpdesk_id") REFERENCES "public"."helpdesks"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_requester_id_fk" FOREIGN KEY ("tenant_id","requester_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_topic_id_fk" FOREIGN KEY ("tenant_id","topic_id") REFERENCES "public"."topics"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_id_fk" FOREIGN KEY ("tenant_id","assignee_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("assignee_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_task_id_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_workflow_stage_id_fk" FOREIGN KEY ("tenant_id","workflow_stage_id") REFERENCES "public"."workflow_stages"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_helpdesk_id_fk" FOREIGN KEY ("tenant_id","helpdesk_id") REFERENCES "public"."helpdesks"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_default_assignee_id_fk" FOREIGN KEY ("tenant_id","default_assignee_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("default_assignee_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_helpdesk_id_idx" ON "articles" USING btree ("tenant_id","helpdesk_id");--> statement-breakpoint
CREATE INDEX "articles_topic_id_idx" ON "articles" USING btree ("tenant_id","topic_id");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_custom_search_idx" ON "articles" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_custom_fields_idx" ON "articles" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "articles_deleted_idx" ON "articles" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "articles_sort_idx" ON "articles" USING btree ("tenant_id","title","id");--> statement-breakpoint
CREATE INDEX "articles_search_vector_idx" ON "articles" USING gin ("tenant_id","search_vector");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_helpdesk_slug_key" ON "articles" USING btree ("tenant_id","helpdesk_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_old_slugs_key" ON "helpdesk_old_slugs" USING btree ("tenant_id","entity_kind","scope_id","slug");--> statement-breakpoint
CREATE INDEX "helpdesk_old_slugs_entity_idx" ON "helpdesk_old_slugs" USING btree ("tenant_id","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesks_code_key" ON "helpdesks" USING btree ("tenant_id",lower("code"));--> statement-breakpoint
CREATE INDEX "helpdesks_search_idx" ON "helpdesks" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "helpdesks_custom_search_idx" ON "helpdesks" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "helpdesks_custom_fields_idx" ON "helpdesks" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "helpdesks_created_idx" ON "helpdesks" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "helpdesks_deleted_idx" ON "helpdesks" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "helpdesks_sort_idx" ON "helpdesks" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesks_portal_slug_key" ON "helpdesks" USING btree ("tenant_id","portal_slug");--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("tenant_id","request_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "request_messages_message_id_key" ON "request_messages" USING btree ("tenant_id","message_id") WHERE message_id is not null;--> statement-breakpoint
CREATE INDEX "requests_helpdesk_id_idx" ON "requests" USING btree ("tenant_id","helpdesk_id");--> statement-breakpoint
CREATE INDEX "requests_requester_id_idx" ON "requests" USING btree ("tenant_id","requester_id");--> statement-breakpoint
CREATE INDEX "requests_topic_id_idx" ON "requests" USING btree ("tenant_id","topic_id");--> statement-breakpoint
CREATE INDEX "requests_assignee_id_idx" ON "requests" USING btree ("tenant_id","assignee_id");--> statement-breakpoint
CREATE INDEX "requests_task_id_idx" ON "requests" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "requests_stage_idx" ON "requests" USING btree ("tenant_id","workflow_stage_id","board_rank");--> statement-breakpoint
CREATE INDEX "requests_search_idx" ON "requests" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_custom_search_idx" ON "requests" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_custom_fields_idx" ON "requests" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "requests_created_idx" ON "requests" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_deleted_idx" ON "requests" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "requests_sort_idx" ON "requests" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "topics_helpdesk_id_idx" ON "topics" USING btree ("tenant_id","helpdesk_id");--> statement-breakpoint
CREATE INDEX "topics_default_assignee_id_idx" ON "topics" USING btree ("tenant_id","default_assignee_id");--> statement-breakpoint
CREATE INDEX "topics_search_idx" ON "topics" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_custom_search_idx" ON "topics" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "topics_custom_fields_idx" ON "topics" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "topics_created_idx" ON "topics" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "topics_deleted_idx" ON "topics" USING btree ("tenant_id","deleted_at") WHERE deleted_at is not null;--> statement-breakpoint
CREATE INDEX "topics_sort_idx" ON "topics" USING btree ("tenant_id","position","id");