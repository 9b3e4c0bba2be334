CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
DROP INDEX "contacts_search_idx";--> statement-breakpoint
DROP INDEX "contacts_custom_fields_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ("tenant_id","search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_custom_fields_idx" ON "contacts" USING gin ("tenant_id","custom_fields" jsonb_path_ops);
--> statement-breakpoint
-- Under row-level security only leakproof operators may be index conditions; LIKE (search) and
-- jsonb containment (custom-field equality) are leakproof in practice (their errors never show
-- row data), so mark them. Needs a superuser; elsewhere lists still work, on the tenant index only.
DO $$
BEGIN
  ALTER FUNCTION textlike(text, text) LEAKPROOF;
  ALTER FUNCTION jsonb_contains(jsonb, jsonb) LEAKPROOF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE WARNING 'atrium: run as a superuser: ALTER FUNCTION textlike(text, text) LEAKPROOF; ALTER FUNCTION jsonb_contains(jsonb, jsonb) LEAKPROOF;';
END $$;
