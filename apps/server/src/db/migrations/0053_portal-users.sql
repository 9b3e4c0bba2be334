CREATE TABLE "helpdesk_portal_tokens" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"helpdesk_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"email" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "helpdesk_portal_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "helpdesk_portal_tokens_kind_check" CHECK (kind in ('link', 'session'))
);
--> statement-breakpoint
CREATE TABLE "portal_captcha_uses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "portal_captcha_uses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "portal_captcha_uses_challenge_check" CHECK (length(challenge) <= 120)
);
--> statement-breakpoint
ALTER TABLE "helpdesk_portal_tokens" ADD CONSTRAINT "helpdesk_portal_tokens_helpdesk_fk" FOREIGN KEY ("tenant_id","helpdesk_id") REFERENCES "public"."helpdesks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "helpdesk_portal_tokens" ADD CONSTRAINT "helpdesk_portal_tokens_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "helpdesk_portal_tokens_hash_key" ON "helpdesk_portal_tokens" USING btree ("tenant_id","token_hash");--> statement-breakpoint
CREATE INDEX "helpdesk_portal_tokens_email_idx" ON "helpdesk_portal_tokens" USING btree ("tenant_id","helpdesk_id","email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_captcha_uses_challenge_key" ON "portal_captcha_uses" USING btree ("tenant_id","challenge");--> statement-breakpoint
CREATE INDEX "portal_captcha_uses_expires_idx" ON "portal_captcha_uses" USING btree ("tenant_id","expires_at");