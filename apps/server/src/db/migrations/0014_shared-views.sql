ALTER TABLE "saved_views" ADD COLUMN "column_widths" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_views" ADD COLUMN "shared" boolean DEFAULT false NOT NULL;