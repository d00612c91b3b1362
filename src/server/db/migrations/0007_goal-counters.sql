CREATE TABLE "goal_category_counts" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goal_category_counts_members_check" CHECK ("goal_category_counts"."members" >= 0)
);
--> statement-breakpoint
CREATE TABLE "goal_tier_counts" (
	"category_id" integer NOT NULL,
	"tier" text NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "goal_tier_counts_category_id_tier_pk" PRIMARY KEY("category_id","tier"),
	CONSTRAINT "goal_tier_counts_tier_check" CHECK ("goal_tier_counts"."tier" in ('Bronze', 'Silver', 'Gold', 'Diamond')),
	CONSTRAINT "goal_tier_counts_members_check" CHECK ("goal_tier_counts"."members" >= 0)
);
--> statement-breakpoint
ALTER TABLE "goal_category_counts" ADD CONSTRAINT "goal_category_counts_category_id_goal_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goal_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_tier_counts" ADD CONSTRAINT "goal_tier_counts_category_id_goal_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goal_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Written by hand (drizzle-kit knows no functions or triggers): the counts follow goals and achievements as they come
-- and go, whatever writes them (a goal chat, a progress update, an account deletion's cascade, a seed), in the writer's
-- own transaction (docs/decisions/0026).
--
-- Locks the categories' rows in category order, making them first if need be: every change to a category's counts holds
-- its row, so a member is counted once however their writes interleave, and no two transactions take two categories in
-- opposite orders. A category's tier rows are made under its lock.
CREATE FUNCTION "goal_counts_lock"(categories integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "goal_category_counts" ("category_id")
    SELECT DISTINCT category_id FROM unnest(categories) AS category_id ORDER BY 1
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM "goal_category_counts" WHERE "category_id" = ANY (categories) ORDER BY "category_id" FOR UPDATE;
  INSERT INTO "goal_tier_counts" ("category_id", "tier")
    SELECT DISTINCT category_id, tier FROM unnest(categories) AS category_id, unnest(ARRAY['Bronze', 'Silver', 'Gold', 'Diamond']) AS tier
    ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- A member counts in a category while they have a goal there: the statement's goals move the count for each member who
-- has no other goal in the category.
CREATE FUNCTION "goal_category_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "goal_counts_lock"(ARRAY(SELECT DISTINCT "category_id" FROM changed));
  UPDATE "goal_category_counts" AS counts SET "members" = counts."members" + moved.members
  FROM (
    SELECT member.category_id, count(*) * CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END AS members
    FROM (SELECT DISTINCT "user_id", "category_id" FROM changed) AS member
    WHERE NOT EXISTS (
      SELECT 1 FROM "goals"
      WHERE "goals"."user_id" = member.user_id AND "goals"."category_id" = member.category_id AND "goals"."id" NOT IN (SELECT "id" FROM changed)
    )
    GROUP BY member.category_id
  ) AS moved
  WHERE counts."category_id" = moved.category_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A member counts for a tier in a category while they hold it or a higher one there: the statement's achievements move
-- the counts of the tiers between the member's best without them and their best with them.
CREATE FUNCTION "goal_tier_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "goal_counts_lock"(ARRAY(SELECT DISTINCT "category_id" FROM changed));
  UPDATE "goal_tier_counts" AS counts SET "members" = counts."members" + moved.members
  FROM (
    SELECT member.category_id, tier.name AS tier, count(*) * CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END AS members
    FROM (
      SELECT "user_id", "category_id", max(array_position(ARRAY['Bronze', 'Silver', 'Gold', 'Diamond'], "tier")) AS best
      FROM changed GROUP BY "user_id", "category_id"
    ) AS member
    LEFT JOIN (
      SELECT a."user_id", a."category_id", max(array_position(ARRAY['Bronze', 'Silver', 'Gold', 'Diamond'], a."tier")) AS best
      FROM "achievements" AS a
      JOIN (SELECT DISTINCT "user_id", "category_id" FROM changed) AS touched ON touched.user_id = a."user_id" AND touched.category_id = a."category_id"
      WHERE a."id" NOT IN (SELECT "id" FROM changed)
      GROUP BY a."user_id", a."category_id"
    ) AS other ON other.user_id = member.user_id AND other.category_id = member.category_id
    JOIN unnest(ARRAY['Bronze', 'Silver', 'Gold', 'Diamond']) WITH ORDINALITY AS tier(name, rank)
      ON tier.rank > coalesce(other.best, 0) AND tier.rank <= member.best
    GROUP BY member.category_id, tier.name
  ) AS moved
  WHERE counts."category_id" = moved.category_id AND counts."tier" = moved.tier;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An account deletion removes goals in several categories through cascades whose order is not ours: its categories are
-- locked up front, in order, like everyone else's.
CREATE FUNCTION "goal_counts_lock_for_leaving"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "goal_counts_lock"(ARRAY(SELECT DISTINCT "category_id" FROM "goals" WHERE "user_id" = OLD."id"));
  RETURN OLD;
END $$;
--> statement-breakpoint
-- Creating the triggers locks goals and achievements against writes until this migration commits, so the counts below
-- miss no write made meanwhile by a server still running the previous version.
CREATE TRIGGER "goals_counted_in" AFTER INSERT ON "goals" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "goal_category_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "goals_counted_out" AFTER DELETE ON "goals" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "goal_category_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "achievements_counted_in" AFTER INSERT ON "achievements" REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "goal_tier_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "achievements_counted_out" AFTER DELETE ON "achievements" REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "goal_tier_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "user_goal_counts_locked" BEFORE DELETE ON "user" FOR EACH ROW EXECUTE FUNCTION "goal_counts_lock_for_leaving"();--> statement-breakpoint
-- The counts of the goals and achievements already there.
INSERT INTO "goal_category_counts" ("category_id", "members")
  SELECT "category_id", count(DISTINCT "user_id") FROM "goals" GROUP BY "category_id";--> statement-breakpoint
INSERT INTO "goal_tier_counts" ("category_id", "tier", "members")
  SELECT best.category_id, tier.name, count(*)
  FROM (
    SELECT "user_id", "category_id", max(array_position(ARRAY['Bronze', 'Silver', 'Gold', 'Diamond'], "tier")) AS rank
    FROM "achievements" GROUP BY "user_id", "category_id"
  ) AS best
  JOIN unnest(ARRAY['Bronze', 'Silver', 'Gold', 'Diamond']) WITH ORDINALITY AS tier(name, rank) ON tier.rank <= best.rank
  GROUP BY best.category_id, tier.name;
