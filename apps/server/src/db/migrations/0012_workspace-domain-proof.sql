ALTER TABLE "tenants" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "domain_proof_method" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "domain_challenge" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "domain_code_hash" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "domain_code_sent_to" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "domain_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "domain_code_attempts" integer DEFAULT 0 NOT NULL;