ALTER TABLE "contacts" ALTER COLUMN "board_rank" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "leads" ALTER COLUMN "board_rank" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "opportunities" ALTER COLUMN "board_rank" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "board_rank" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "board_rank" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "resources" ALTER COLUMN "board_rank" SET DATA TYPE double precision;