-- Issue 26: every workspace has a default workflow for each kind with stages, and every record of
-- such a kind has a stage. A new workspace gets them when it is made (createDefaultWorkflows, from
-- the definitions); this brings the workspaces made before up to date: a kind without any workflow
-- (of no record type) gets its definition's default one, in English, and a record without a stage
-- gets the first stage of its kind's default workflow (else of its first one by name). The stages
-- are those of the definitions in packages/domain/src/modules/crm/*.entity.ts today; sort orders
-- are the keys fractional-indexing gives five stages. The owner runs this without forced RLS
-- (security.sql forces it again).
ALTER TABLE "workflows" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workflow_stages" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "contacts" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "leads" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "opportunities" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TEMPORARY TABLE "default_stages" ("kind" text, "workflow" text, "name" text, "stage_type" text, "color" text, "sort_order" text) ON COMMIT DROP;--> statement-breakpoint
INSERT INTO "default_stages" VALUES
  ('Contact', 'Contact lifecycle', 'Subscriber', 'Open', '#8c8c8c', 'a0'),
  ('Contact', 'Contact lifecycle', 'Lead', 'InProgress', '#1677ff', 'a1'),
  ('Contact', 'Contact lifecycle', 'Customer', 'Won', '#52c41a', 'a2'),
  ('Contact', 'Contact lifecycle', 'Inactive', 'Closed', '#bfbfbf', 'a3'),
  ('Lead', 'Lead process', 'New', 'Open', '#8c8c8c', 'a0'),
  ('Lead', 'Lead process', 'Contacted', 'InProgress', '#1677ff', 'a1'),
  ('Lead', 'Lead process', 'Qualified', 'Won', '#52c41a', 'a2'),
  ('Lead', 'Lead process', 'Unqualified', 'Lost', '#ff4d4f', 'a3'),
  ('Opportunity', 'Sales pipeline', 'Qualification', 'Open', '#8c8c8c', 'a0'),
  ('Opportunity', 'Sales pipeline', 'Proposal', 'InProgress', '#1677ff', 'a1'),
  ('Opportunity', 'Sales pipeline', 'Negotiation', 'InProgress', '#722ed1', 'a2'),
  ('Opportunity', 'Sales pipeline', 'Won', 'Won', '#52c41a', 'a3'),
  ('Opportunity', 'Sales pipeline', 'Lost', 'Lost', '#ff4d4f', 'a4');--> statement-breakpoint
CREATE TEMPORARY TABLE "new_workflows" ("tenant_id" uuid, "id" uuid, "kind" text) ON COMMIT DROP;--> statement-breakpoint
WITH "added" AS (
  INSERT INTO "workflows" ("tenant_id", "entity_kind", "type_id", "name", "is_default")
  SELECT t."id", k."kind", NULL, k."workflow", true
  FROM "tenants" t CROSS JOIN (SELECT DISTINCT "kind", "workflow" FROM "default_stages") k
  WHERE NOT EXISTS (
    SELECT 1 FROM "workflows" w WHERE w."tenant_id" = t."id" AND w."entity_kind" = k."kind" AND w."type_id" IS NULL)
  RETURNING "tenant_id", "id", "entity_kind"
)
INSERT INTO "new_workflows" SELECT "tenant_id", "id", "entity_kind" FROM "added";--> statement-breakpoint
INSERT INTO "workflow_stages" ("tenant_id", "workflow_id", "name", "stage_type", "color", "sort_order")
SELECT n."tenant_id", n."id", s."name", s."stage_type", s."color", s."sort_order"
FROM "new_workflows" n JOIN "default_stages" s ON s."kind" = n."kind";--> statement-breakpoint
DO $$
DECLARE
  k record;
BEGIN
  FOR k IN SELECT * FROM (VALUES ('contacts', 'Contact'), ('leads', 'Lead'), ('opportunities', 'Opportunity')) v ("tbl", "kind") LOOP
    EXECUTE format($u$
      UPDATE %I r SET "workflow_stage_id" = (
        SELECT s."id" FROM "workflows" w JOIN "workflow_stages" s ON s."tenant_id" = w."tenant_id" AND s."workflow_id" = w."id"
        WHERE w."tenant_id" = r."tenant_id" AND w."entity_kind" = %L AND w."type_id" IS NULL
        ORDER BY w."is_default" DESC, w."name", s."sort_order" COLLATE "C" LIMIT 1
      ), "version" = "version" + 1, "updated_at" = now()
      WHERE "workflow_stage_id" IS NULL$u$, k."tbl", k."kind");
  END LOOP;
END $$;
