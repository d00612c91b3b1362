DROP INDEX "achievements_tier_idx";--> statement-breakpoint
ALTER TABLE "achievements" ADD COLUMN "category_id" integer;--> statement-breakpoint
-- Existing achievements take their goal's category, which never changes.
UPDATE "achievements" SET "category_id" = "goals"."category_id" FROM "goals" WHERE "goals"."id" = "achievements"."goal_id";--> statement-breakpoint
ALTER TABLE "achievements" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_category_id_goal_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goal_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "achievements_category_tier_idx" ON "achievements" USING btree ("category_id","tier","user_id");
