CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"mood" text NOT NULL,
	"emotions" text[] DEFAULT '{}' NOT NULL,
	"dimensions" text[] DEFAULT '{}' NOT NULL,
	"note" text,
	"checked_in_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"time_zone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_mood_check" CHECK ("check_ins"."mood" in ('awful', 'bad', 'okay', 'good', 'great')),
	CONSTRAINT "check_ins_emotions_check" CHECK ("check_ins"."emotions" <@ array['angry', 'anxious', 'ashamed', 'bored', 'calm', 'connected', 'content', 'distracted', 'energised', 'exhausted', 'focused', 'frustrated', 'grateful', 'hopeful', 'hopeless', 'inspired', 'irritable', 'joyful', 'lonely', 'loved', 'overwhelmed', 'peaceful', 'proud', 'relaxed', 'restless', 'sad', 'stressed', 'tired', 'unsure']::text[]),
	CONSTRAINT "check_ins_dimensions_check" CHECK ("check_ins"."dimensions" <@ array['mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit']::text[]),
	CONSTRAINT "check_ins_note_check" CHECK (char_length("check_ins"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"prompt" text,
	"local_date" date NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("journal_entries"."title", '')), 'A') || setweight(to_tsvector('english', "journal_entries"."body"), 'B')) STORED NOT NULL,
	"reflection" jsonb,
	"reflected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_body_check" CHECK (char_length("journal_entries"."body") between 1 and 20000),
	CONSTRAINT "journal_entries_title_check" CHECK (char_length("journal_entries"."title") <= 120)
);
--> statement-breakpoint
ALTER TABLE "conversation_scripts" DROP CONSTRAINT "conversation_scripts_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_kind_check";--> statement-breakpoint
ALTER TABLE "goals" ADD COLUMN "moved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "journal_in_recap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "weekly_recaps" ADD COLUMN "week_lived" jsonb;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_ins_user_id_idx" ON "check_ins" USING btree ("user_id","checked_in_at");--> statement-breakpoint
CREATE INDEX "journal_entries_user_id_idx" ON "journal_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "journal_entries_search_idx" ON "journal_entries" USING gin ("search");--> statement-breakpoint
ALTER TABLE "conversation_scripts" ADD CONSTRAINT "conversation_scripts_kind_check" CHECK ("conversation_scripts"."kind" in ('recap', 'threshold', 'goal', 'reflection'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('recap', 'threshold', 'goal', 'reflection'));