-- Decision 078: the view and manage variants of imports and exports now take effect. Existing
-- workspaces' Member roles listed them all (they did nothing before); a new workspace's Member
-- gets neither, so existing Member roles lose them too. The owner runs this without forced RLS
-- (security.sql forces it again).
ALTER TABLE "roles" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
UPDATE "roles" SET "permissions" = array(
  SELECT p FROM unnest("permissions") WITH ORDINALITY AS x(p, n)
  WHERE p <> ALL (ARRAY[
    'Contact.ViewContactImports', 'Contact.ManageContactImports', 'Contact.ViewContactExports', 'Contact.ManageContactExports',
    'Contact.ViewLeadImports', 'Contact.ManageLeadImports', 'Contact.ViewLeadExports', 'Contact.ManageLeadExports',
    'Resource.ViewImports', 'Resource.ManageImports', 'Resource.ViewExports', 'Resource.ManageExports'
  ])
  ORDER BY n
), "updated_at" = now()
WHERE "system_key" = 'Member';
