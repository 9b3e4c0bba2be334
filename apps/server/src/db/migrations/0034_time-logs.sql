CREATE TABLE "task_timers" (
	"tenant_id" uuid NOT NULL,
	"tenant_user_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "task_timers_tenant_id_tenant_user_id_pk" PRIMARY KEY("tenant_id","tenant_user_id")
);
--> statement-breakpoint
CREATE TABLE "time_logs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"tenant_user_id" uuid,
	"date" date NOT NULL,
	"minutes" integer NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "time_logs_minutes_check" CHECK ("time_logs"."minutes" between 1 and 1440)
);
--> statement-breakpoint
ALTER TABLE "task_timers" ADD CONSTRAINT "task_timers_user_fk" FOREIGN KEY ("tenant_id","tenant_user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_timers" ADD CONSTRAINT "task_timers_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_task_fk" FOREIGN KEY ("tenant_id","task_id") REFERENCES "public"."tasks"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_logs" ADD CONSTRAINT "time_logs_user_fk" FOREIGN KEY ("tenant_id","tenant_user_id") REFERENCES "public"."tenant_users"("tenant_id","id") ON DELETE SET NULL ("tenant_user_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_timers_task_idx" ON "task_timers" USING btree ("tenant_id","task_id");--> statement-breakpoint
CREATE INDEX "time_logs_task_idx" ON "time_logs" USING btree ("tenant_id","task_id","date");--> statement-breakpoint
CREATE INDEX "time_logs_user_idx" ON "time_logs" USING btree ("tenant_id","tenant_user_id","date");