CREATE TABLE "collaborators" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"tenant_user_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collaborators_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "collaborators_entity_user_key" UNIQUE("tenant_id","entity_kind","entity_id","tenant_user_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"parent_id" uuid,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"content_type" text,
	"size" bigint DEFAULT 0 NOT NULL,
	"blob_key" text,
	"thumb_blob_key" text,
	"link_url" text,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "entity_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"a_kind" text NOT NULL,
	"a_id" uuid NOT NULL,
	"b_kind" text NOT NULL,
	"b_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "entity_links_pair_key" UNIQUE("tenant_id","a_kind","a_id","b_kind","b_id"),
	CONSTRAINT "entity_links_canonical" CHECK (("entity_links"."a_kind", "entity_links"."a_id"::text) < ("entity_links"."b_kind", "entity_links"."b_id"::text))
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"body" text NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entity_kind" text,
	"entity_id" uuid,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "entity_tags" (
	"tenant_id" uuid NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entity_tags_tenant_id_entity_kind_entity_id_tag_id_pk" PRIMARY KEY("tenant_id","entity_kind","entity_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."documents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entity_tags" ADD CONSTRAINT "entity_tags_tag_fk" FOREIGN KEY ("tenant_id","tag_id") REFERENCES "public"."tags"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collaborators_user_idx" ON "collaborators" USING btree ("tenant_id","tenant_user_id");--> statement-breakpoint
CREATE INDEX "documents_entity_idx" ON "documents" USING btree ("tenant_id","entity_kind","entity_id","parent_id");--> statement-breakpoint
CREATE INDEX "documents_parent_idx" ON "documents" USING btree ("tenant_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_name_key" ON "documents" USING btree ("tenant_id","entity_kind","entity_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE INDEX "entity_links_b_idx" ON "entity_links" USING btree ("tenant_id","b_kind","b_id");--> statement-breakpoint
CREATE INDEX "notes_entity_idx" ON "notes" USING btree ("tenant_id","entity_kind","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("tenant_id","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "entity_tags_tag_idx" ON "entity_tags" USING btree ("tenant_id","tag_id","entity_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_key" ON "tags" USING btree ("tenant_id",lower("name"));
