CREATE TABLE "team_invite_links" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_invite_links_tenant_id_team_id_pk" PRIMARY KEY("tenant_id","team_id"),
	CONSTRAINT "team_invite_links_token_key" UNIQUE("tenant_id","token_hash")
);
--> statement-breakpoint
CREATE TABLE "team_permissions" (
	"tenant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_permissions_tenant_id_team_id_pk" PRIMARY KEY("tenant_id","team_id")
);
--> statement-breakpoint
CREATE TABLE "custom_queries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"query" jsonb,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("description"::text, ''))) STORED,
	"custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED,
	CONSTRAINT "custom_queries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "team_contacts" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_contacts_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
CREATE TABLE "team_custom_queries" (
	"tenant_id" uuid NOT NULL,
	"from_id" uuid NOT NULL,
	"to_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_custom_queries_tenant_id_from_id_to_id_pk" PRIMARY KEY("tenant_id","from_id","to_id")
);
--> statement-breakpoint
ALTER TABLE "teams" DROP CONSTRAINT "teams_name_key";--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "created_by" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "updated_by" uuid;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("name"::text, '') || ' ' || coalesce("description"::text, ''))) STORED;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "custom_search" text GENERATED ALWAYS AS (atrium_search_values(custom_fields)) STORED;--> statement-breakpoint
ALTER TABLE "team_invite_links" ADD CONSTRAINT "team_invite_links_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_permissions" ADD CONSTRAINT "team_permissions_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD CONSTRAINT "team_contacts_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_contacts" ADD CONSTRAINT "team_contacts_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_custom_queries" ADD CONSTRAINT "team_custom_queries_from_fk" FOREIGN KEY ("tenant_id","from_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_custom_queries" ADD CONSTRAINT "team_custom_queries_to_fk" FOREIGN KEY ("tenant_id","to_id") REFERENCES "public"."custom_queries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_queries_search_idx" ON "custom_queries" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_queries_custom_search_idx" ON "custom_queries" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "custom_queries_custom_fields_idx" ON "custom_queries" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "custom_queries_created_idx" ON "custom_queries" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_queries_sort_idx" ON "custom_queries" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE INDEX "team_contacts_to_idx" ON "team_contacts" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE INDEX "team_custom_queries_to_idx" ON "team_custom_queries" USING btree ("tenant_id","to_id");--> statement-breakpoint
CREATE INDEX "team_members_user_idx" ON "team_members" USING btree ("tenant_id","tenant_user_id");--> statement-breakpoint
CREATE INDEX "teams_search_idx" ON "teams" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_custom_search_idx" ON "teams" USING gin ("tenant_id","custom_search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "teams_custom_fields_idx" ON "teams" USING gin ("tenant_id","custom_fields" jsonb_path_ops);--> statement-breakpoint
CREATE INDEX "teams_created_idx" ON "teams" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "teams_sort_idx" ON "teams" USING btree ("tenant_id","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_name_idx" ON "teams" USING btree ("tenant_id",lower("name"));