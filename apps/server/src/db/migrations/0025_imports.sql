CREATE TABLE "exports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"request" jsonb NOT NULL,
	"blob_key" text,
	"row_count" integer,
	"job_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"tenant_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"action" text NOT NULL,
	"entity_id" uuid,
	"previous" jsonb,
	"cells" jsonb,
	"errors" jsonb,
	"undone" boolean DEFAULT false NOT NULL,
	CONSTRAINT "import_rows_tenant_id_import_id_row_number_pk" PRIMARY KEY("tenant_id","import_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"entity_kind" text NOT NULL,
	"file_name" text NOT NULL,
	"blob_key" text NOT NULL,
	"format" text NOT NULL,
	"encoding" text NOT NULL,
	"delimiter" text,
	"columns" jsonb NOT NULL,
	"mapping" jsonb NOT NULL,
	"dedupe_key" text,
	"create_missing" boolean DEFAULT false NOT NULL,
	"date_format" text DEFAULT 'YYYY-MM-DD' NOT NULL,
	"row_count" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"undo_job_id" uuid,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_fk" FOREIGN KEY ("tenant_id","import_id") REFERENCES "public"."imports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exports_created_idx" ON "exports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("tenant_id","created_at");