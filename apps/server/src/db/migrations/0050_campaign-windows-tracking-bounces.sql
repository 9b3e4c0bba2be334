ALTER TABLE "campaign_recipients" ADD COLUMN "bounce_status" text;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "daily_limit" integer;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD COLUMN "open_tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_window_start" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_window_end" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "recipient_local_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_settings" ADD CONSTRAINT "campaign_settings_daily_limit_check" CHECK ("campaign_settings"."daily_limit" is null or "campaign_settings"."daily_limit" > 0);