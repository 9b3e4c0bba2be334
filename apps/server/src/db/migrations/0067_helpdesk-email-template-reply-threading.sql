ALTER TABLE "helpdesks" ADD COLUMN "email_subject_prefix" text;--> statement-breakpoint
ALTER TABLE "helpdesks" ADD COLUMN "email_template" text;--> statement-breakpoint
ALTER TABLE "request_messages" ADD COLUMN "reply_threading" text;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_reply_threading_check" CHECK (reply_threading in ('header', 'subject', 'none'));