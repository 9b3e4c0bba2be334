CREATE TABLE "blob_uploads" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blob_uploads_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE INDEX "blob_uploads_expires_idx" ON "blob_uploads" USING btree ("tenant_id","expires_at");