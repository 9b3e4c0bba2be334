CREATE TABLE "identity"."credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity"."sign_in_failures" (
	"account" text NOT NULL,
	"address" text NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	CONSTRAINT "sign_in_failures_account_address_pk" PRIMARY KEY("account","address")
);
--> statement-breakpoint
ALTER TABLE "identity"."credentials" ADD CONSTRAINT "credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_failures_last_failed_idx" ON "identity"."sign_in_failures" USING btree ("last_failed_at");