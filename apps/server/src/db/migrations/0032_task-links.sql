CREATE TABLE "task_links" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"from_task_id" uuid NOT NULL,
	"to_task_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "task_links_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "task_links_pair_key" UNIQUE("tenant_id","from_task_id","to_task_id"),
	CONSTRAINT "task_links_not_self" CHECK ("task_links"."from_task_id" <> "task_links"."to_task_id"),
	CONSTRAINT "task_links_kind_check" CHECK ("task_links"."kind" in ('blocks', 'relatesTo'))
);
--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_from_fk" FOREIGN KEY ("tenant_id","from_task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_links" ADD CONSTRAINT "task_links_to_fk" FOREIGN KEY ("tenant_id","to_task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_links_to_idx" ON "task_links" USING btree ("tenant_id","to_task_id");