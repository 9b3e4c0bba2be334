-- Passwords move from the users table (readable by requests) into identity.credentials; the
-- lockout columns give way to identity.sign_in_failures (per account and address).
INSERT INTO "identity"."credentials" ("user_id", "password_hash")
SELECT "id", "password_hash" FROM "public"."users" WHERE "password_hash" IS NOT NULL
ON CONFLICT ("user_id") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "public"."users" DROP COLUMN "password_hash";
--> statement-breakpoint
ALTER TABLE "public"."users" DROP COLUMN "failed_logins";
--> statement-breakpoint
ALTER TABLE "public"."users" DROP COLUMN "locked_until";
