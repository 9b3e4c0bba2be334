ALTER TABLE "tenants" ADD COLUMN "widget_origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "widget_color" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "widget_dark" boolean DEFAULT false NOT NULL;