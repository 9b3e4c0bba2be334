DROP INDEX "contacts_stage_idx";--> statement-breakpoint
DROP INDEX "leads_stage_idx";--> statement-breakpoint
DROP INDEX "opportunities_stage_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "board_rank" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "board_rank" numeric(18, 6);--> statement-breakpoint
ALTER TABLE "opportunities" ADD COLUMN "board_rank" numeric(18, 6);--> statement-breakpoint
CREATE INDEX "contacts_stage_idx" ON "contacts" USING btree ("tenant_id","workflow_stage_id","board_rank");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("tenant_id","workflow_stage_id","board_rank");--> statement-breakpoint
CREATE INDEX "opportunities_stage_idx" ON "opportunities" USING btree ("tenant_id","workflow_stage_id","board_rank");