CREATE TABLE "import_created_records" (
	"tenant_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" uuid NOT NULL,
	CONSTRAINT "import_created_records_tenant_id_import_id_entity_kind_entity_id_pk" PRIMARY KEY("tenant_id","import_id","entity_kind","entity_id")
);
--> statement-breakpoint
ALTER TABLE "import_created_records" ADD CONSTRAINT "import_created_records_import_fk" FOREIGN KEY ("tenant_id","import_id") REFERENCES "public"."imports"("tenant_id","id") ON DELETE cascade ON UPDATE no action;