DROP INDEX "weekly_tasks_user_id_idx";--> statement-breakpoint
CREATE INDEX "practices_user_id_completed_at_idx" ON "practices" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "weekly_tasks_user_id_done_at_idx" ON "weekly_tasks" USING btree ("user_id","done_at");--> statement-breakpoint
-- A goal's history is kept from 0011 on (docs/decisions/0039). What is known of an older goal's is that it stood at its
-- present value when it last moved forward: that becomes its first update, so Stats has a point to start from.
INSERT INTO "goal_progress_updates" ("user_id", "goal_id", "current_value", "progress", "created_at")
SELECT "user_id", "id", "current_value", "progress", coalesce("moved_at", "created_at") FROM "goals"
WHERE "current_value" > 0 AND NOT EXISTS (SELECT 1 FROM "goal_progress_updates" u WHERE u."goal_id" = "goals"."id");
