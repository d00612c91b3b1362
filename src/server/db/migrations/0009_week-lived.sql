ALTER TABLE "goals" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weekly_recaps" ADD COLUMN "week_lived" jsonb;