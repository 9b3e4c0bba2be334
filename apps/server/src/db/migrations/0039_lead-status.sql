ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'New' NOT NULL;--> statement-breakpoint
-- leads converted before the status existed are Converted; the rest start New (the default)
UPDATE "leads" SET "status" = 'Converted' WHERE "converted_at" IS NOT NULL;
