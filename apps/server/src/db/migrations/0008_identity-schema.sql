-- Identity secrets move where the request role cannot read them (issue 11, ARCHITECTURE §4):
-- db/security.sql grants the identity schema to atrium_identity only.
CREATE SCHEMA IF NOT EXISTS "identity";
--> statement-breakpoint
ALTER TABLE "public"."auth_sessions" SET SCHEMA "identity";
--> statement-breakpoint
ALTER TABLE "public"."identity_tokens" SET SCHEMA "identity";
--> statement-breakpoint
ALTER TABLE "public"."idp_keys" SET SCHEMA "identity";
--> statement-breakpoint
ALTER TABLE "public"."idp_payloads" SET SCHEMA "identity";
--> statement-breakpoint
ALTER TABLE "public"."user_identities" SET SCHEMA "identity";
