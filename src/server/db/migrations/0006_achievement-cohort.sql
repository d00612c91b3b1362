ALTER TABLE "achievements" ADD COLUMN "cohort" integer;--> statement-breakpoint
-- Achievements earned before this count the members whose goal in the category existed when the tier was earned: the
-- closest the data left can come to the count at earn time (a goal deleted since is missing from it).
UPDATE "achievements" SET "cohort" = (SELECT count(DISTINCT "goals"."user_id") FROM "goals" WHERE "goals"."category_id" = "achievements"."category_id" AND "goals"."created_at" <= "achievements"."earned_at");--> statement-breakpoint
ALTER TABLE "achievements" ALTER COLUMN "cohort" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_cohort_check" CHECK ("achievements"."cohort" >= 0);
