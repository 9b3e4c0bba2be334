-- Decision 094 round six: each helpdesk has its own request stages (the engine's workflowScope,
-- as a project has its task stages). A helpdesk made before gets a copy of the workspace's
-- request workflows (or, where the workspace has none, the definition's default stages in
-- English), and its requests move to the stage of the same name there — the copy of their own
-- workflow first — else to the first stage of the helpdesk's default workflow. The owner runs
-- this without forced RLS (forced again at the end).
ALTER TABLE "workflows" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workflow_stages" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "helpdesks" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "requests" NO FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TEMPORARY TABLE "request_workflow_copies" ("tenant_id" uuid, "helpdesk_id" uuid, "source_id" uuid, "id" uuid) ON COMMIT DROP;--> statement-breakpoint
INSERT INTO "request_workflow_copies"
SELECT h."tenant_id", h."id", w."id", gen_random_uuid()
FROM "helpdesks" h JOIN "workflows" w ON w."tenant_id" = h."tenant_id" AND w."entity_kind" = 'Request' AND w."scope_id" IS NULL
WHERE NOT EXISTS (
  SELECT 1 FROM "workflows" o WHERE o."tenant_id" = h."tenant_id" AND o."entity_kind" = 'Request' AND o."scope_id" = h."id");--> statement-breakpoint
INSERT INTO "request_workflow_copies"
SELECT h."tenant_id", h."id", NULL, gen_random_uuid()
FROM "helpdesks" h
WHERE NOT EXISTS (SELECT 1 FROM "workflows" o WHERE o."tenant_id" = h."tenant_id" AND o."entity_kind" = 'Request' AND o."scope_id" = h."id")
  AND NOT EXISTS (SELECT 1 FROM "workflows" w WHERE w."tenant_id" = h."tenant_id" AND w."entity_kind" = 'Request' AND w."scope_id" IS NULL);--> statement-breakpoint
INSERT INTO "workflows" ("tenant_id", "id", "entity_kind", "type_id", "scope_id", "name", "is_default")
SELECT c."tenant_id", c."id", 'Request', w."type_id", c."helpdesk_id", coalesce(w."name", 'Request stages'), coalesce(w."is_default", true)
FROM "request_workflow_copies" c LEFT JOIN "workflows" w ON w."tenant_id" = c."tenant_id" AND w."id" = c."source_id";--> statement-breakpoint
INSERT INTO "workflow_stages" ("tenant_id", "workflow_id", "name", "stage_type", "color", "sort_order", "wip_limit")
SELECT c."tenant_id", c."id", s."name", s."stage_type", s."color", s."sort_order", s."wip_limit"
FROM "request_workflow_copies" c JOIN "workflow_stages" s ON s."tenant_id" = c."tenant_id" AND s."workflow_id" = c."source_id";--> statement-breakpoint
INSERT INTO "workflow_stages" ("tenant_id", "workflow_id", "name", "stage_type", "color", "sort_order")
SELECT c."tenant_id", c."id", d."name", d."stage_type", d."color", d."sort_order"
FROM "request_workflow_copies" c CROSS JOIN (VALUES
  ('New', 'Open', '#1677ff', 'a0'),
  ('Open', 'InProgress', '#fa8c16', 'a1'),
  ('Waiting', 'InProgress', '#8c8c8c', 'a2'),
  ('Resolved', 'Closed', '#52c41a', 'a3')) d ("name", "stage_type", "color", "sort_order")
WHERE c."source_id" IS NULL;--> statement-breakpoint
UPDATE "requests" r SET "workflow_stage_id" = coalesce(
  (SELECT n."id"
   FROM "workflow_stages" o
   JOIN "workflows" ow ON ow."tenant_id" = o."tenant_id" AND ow."id" = o."workflow_id"
   JOIN "workflows" nw ON nw."tenant_id" = r."tenant_id" AND nw."entity_kind" = 'Request' AND nw."scope_id" = r."helpdesk_id"
   JOIN "workflow_stages" n ON n."tenant_id" = nw."tenant_id" AND n."workflow_id" = nw."id" AND n."name" = o."name"
   WHERE o."tenant_id" = r."tenant_id" AND o."id" = r."workflow_stage_id"
   ORDER BY (nw."name" = ow."name" AND nw."type_id" IS NOT DISTINCT FROM ow."type_id") DESC, nw."is_default" DESC, nw."name" LIMIT 1),
  (SELECT s."id"
   FROM "workflows" w JOIN "workflow_stages" s ON s."tenant_id" = w."tenant_id" AND s."workflow_id" = w."id"
   WHERE w."tenant_id" = r."tenant_id" AND w."entity_kind" = 'Request' AND w."scope_id" = r."helpdesk_id" AND w."type_id" IS NULL
   ORDER BY w."is_default" DESC, w."name", s."sort_order" COLLATE "C" LIMIT 1)
), "version" = "version" + 1, "updated_at" = now()
WHERE NOT EXISTS (
  SELECT 1 FROM "workflow_stages" s JOIN "workflows" w ON w."tenant_id" = s."tenant_id" AND w."id" = s."workflow_id"
  WHERE s."tenant_id" = r."tenant_id" AND s."id" = r."workflow_stage_id" AND w."scope_id" = r."helpdesk_id");--> statement-breakpoint
ALTER TABLE "workflows" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "workflow_stages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "helpdesks" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "requests" FORCE ROW LEVEL SECURITY;
