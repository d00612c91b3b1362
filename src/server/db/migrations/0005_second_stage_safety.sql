CREATE TABLE "crisis_response_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "crisis_response_counts_count_check" CHECK ("crisis_response_counts"."count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "account" ADD COLUMN "password_signed_in_at" timestamp with time zone;--> statement-breakpoint
-- A member who signed in before this release and has no other way in signed in with their password.
UPDATE "account" SET "password_signed_in_at" = "first"."at" FROM (SELECT "user_id", min("created_at") AS "at" FROM "session" GROUP BY "user_id") AS "first" WHERE "account"."provider_id" = 'credential' AND "first"."user_id" = "account"."user_id" AND NOT EXISTS (SELECT 1 FROM "account" AS "other" WHERE "other"."user_id" = "account"."user_id" AND "other"."provider_id" <> 'credential');--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "answering_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "notice_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Every chat opened with the notice.
UPDATE "conversations" SET "notice_at" = "created_at";--> statement-breakpoint
-- The old cache was shared between members and kept for ever: it goes, and each member's audio is made again.
DELETE FROM "speech_cache";--> statement-breakpoint
ALTER TABLE "speech_cache" ADD COLUMN "user_id" text NOT NULL;--> statement-breakpoint
ALTER TABLE "speech_cache" ADD COLUMN "bytes" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "speech_cache" ADD CONSTRAINT "speech_cache_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "speech_cache_user_id_idx" ON "speech_cache" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "speech_cache_created_at_idx" ON "speech_cache" USING btree ("created_at");