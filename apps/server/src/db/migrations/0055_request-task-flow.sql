ALTER TABLE "helpdesks" ADD COLUMN "task_stage_flow" text DEFAULT 'TaskToRequest' NOT NULL;--> statement-breakpoint
ALTER TABLE "helpdesks" ADD COLUMN "request_stage_on_task_done" text;