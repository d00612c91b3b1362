CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"goal_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"percentile" double precision NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "achievements_goal_tier_unique" UNIQUE("goal_id","tier"),
	CONSTRAINT "achievements_tier_check" CHECK ("achievements"."tier" in ('Bronze', 'Silver', 'Gold', 'Diamond')),
	CONSTRAINT "achievements_percentile_check" CHECK ("achievements"."percentile" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"goal_id" uuid NOT NULL,
	"tier" text NOT NULL,
	"svg" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_goal_tier_unique" UNIQUE("goal_id","tier"),
	CONSTRAINT "badges_tier_check" CHECK ("badges"."tier" in ('Bronze', 'Silver', 'Gold', 'Diamond'))
);
--> statement-breakpoint
CREATE TABLE "conversation_scripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"script_name" text NOT NULL,
	"olo_initial_prompt" text NOT NULL,
	"conversation_goal" text NOT NULL,
	"mistral_master_prompt" text NOT NULL,
	"final_greeting_template" text NOT NULL,
	CONSTRAINT "conversation_scripts_key_unique" UNIQUE("key"),
	CONSTRAINT "conversation_scripts_kind_check" CHECK ("conversation_scripts"."kind" in ('recap', 'threshold', 'goal')),
	CONSTRAINT "conversation_scripts_template_check" CHECK ("conversation_scripts"."final_greeting_template" like '%{user_intention}%')
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"script_id" integer NOT NULL,
	"subject" text,
	"status" text DEFAULT 'open' NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"user_turns" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('recap', 'threshold', 'goal')),
	CONSTRAINT "conversations_status_check" CHECK ("conversations"."status" in ('open', 'finished')),
	CONSTRAINT "conversations_turns_check" CHECK ("conversations"."user_turns" >= 0)
);
--> statement-breakpoint
CREATE TABLE "dimensions" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "dimensions_id_check" CHECK ("dimensions"."id" in ('mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit'))
);
--> statement-breakpoint
CREATE TABLE "focus_options" (
	"id" text PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"description" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon_name" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "goal_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "goals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"conversation_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"target_value" double precision NOT NULL,
	"current_value" double precision DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'in-progress' NOT NULL,
	"completed_at" timestamp with time zone,
	"unit" text NOT NULL,
	"target_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goals_conversation_id_unique" UNIQUE("conversation_id"),
	CONSTRAINT "goals_target_check" CHECK ("goals"."target_value" > 0),
	CONSTRAINT "goals_current_check" CHECK ("goals"."current_value" >= 0),
	CONSTRAINT "goals_progress_check" CHECK ("goals"."progress" between 0 and 100),
	CONSTRAINT "goals_status_check" CHECK ("goals"."status" in ('in-progress', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"path_id" integer NOT NULL,
	"level_number" integer NOT NULL,
	CONSTRAINT "levels_path_level_unique" UNIQUE("path_id","level_number"),
	CONSTRAINT "levels_number_check" CHECK ("levels"."level_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_role_check" CHECK ("messages"."role" in ('user', 'assistant'))
);
--> statement-breakpoint
CREATE TABLE "minigames" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"game_type" text NOT NULL,
	"default_script_id" integer NOT NULL,
	CONSTRAINT "minigames_key_unique" UNIQUE("key"),
	CONSTRAINT "minigames_game_type_check" CHECK ("minigames"."game_type" in ('breathing', 'movement', 'sensory', 'kindness', 'meditation', 'focus', 'flow'))
);
--> statement-breakpoint
CREATE TABLE "path_exercises" (
	"id" serial PRIMARY KEY NOT NULL,
	"level_id" integer NOT NULL,
	"exercise_number_in_level" integer NOT NULL,
	"minigame_id" integer NOT NULL,
	CONSTRAINT "path_exercises_level_number_unique" UNIQUE("level_id","exercise_number_in_level"),
	CONSTRAINT "path_exercises_number_check" CHECK ("path_exercises"."exercise_number_in_level" >= 1)
);
--> statement-breakpoint
CREATE TABLE "paths" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "paths_key_unique" UNIQUE("key"),
	CONSTRAINT "paths_title_unique" UNIQUE("title"),
	CONSTRAINT "paths_key_check" CHECK ("paths"."key" in ('mind', 'energy', 'calm', 'connection'))
);
--> statement-breakpoint
CREATE TABLE "practices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"path_exercise_id" integer NOT NULL,
	"path" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"intention" text,
	"steps" integer,
	"observation" text,
	"kindness_act" text,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "practices_path_check" CHECK ("practices"."path" in ('mind', 'energy', 'calm', 'connection')),
	CONSTRAINT "practices_steps_check" CHECK ("practices"."steps" is null or "practices"."steps" >= 0),
	CONSTRAINT "practices_points_check" CHECK ("practices"."points_awarded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"selected_path" text,
	"path_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lumin_points" integer DEFAULT 0 NOT NULL,
	"consciousness_level" integer DEFAULT 1 NOT NULL,
	"current_quest_progress" integer DEFAULT 0 NOT NULL,
	"assessment_score_1" integer,
	"assessment_score_2" integer,
	"assessment_score_3" integer,
	"ranked_dimensions" text[],
	"selected_focus" text,
	"onboarding_completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_selected_path_check" CHECK ("profiles"."selected_path" is null or "profiles"."selected_path" in ('mind', 'energy', 'calm', 'connection')),
	CONSTRAINT "profiles_points_check" CHECK ("profiles"."lumin_points" >= 0),
	CONSTRAINT "profiles_level_check" CHECK ("profiles"."consciousness_level" >= 1),
	CONSTRAINT "profiles_quest_progress_check" CHECK ("profiles"."current_quest_progress" between 0 and 100),
	CONSTRAINT "profiles_assessment_check" CHECK (coalesce("profiles"."assessment_score_1", 0) between 0 and 100 and coalesce("profiles"."assessment_score_2", 0) between 0 and 100 and coalesce("profiles"."assessment_score_3", 0) between 0 and 100),
	CONSTRAINT "profiles_focus_check" CHECK ("profiles"."selected_focus" is null or "profiles"."selected_focus" in ('clarity', 'energy', 'peace', 'connection', 'purpose', 'growth'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "speech_cache" (
	"hash" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"audio" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_attributes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"attribute_key" text NOT NULL,
	"attribute_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_attributes_user_key_unique" UNIQUE("user_id","attribute_key")
);
--> statement-breakpoint
CREATE TABLE "user_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"path_exercise_id" integer NOT NULL,
	"practice_id" uuid NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_progress_practice_id_unique" UNIQUE("practice_id")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_dimension_priorities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recap_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"dimension" text NOT NULL,
	"rank" integer NOT NULL,
	"reasoning" text NOT NULL,
	CONSTRAINT "weekly_dimension_priorities_recap_rank_unique" UNIQUE("recap_id","rank"),
	CONSTRAINT "weekly_dimension_priorities_dimension_check" CHECK ("weekly_dimension_priorities"."dimension" in ('mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit')),
	CONSTRAINT "weekly_dimension_priorities_rank_check" CHECK ("weekly_dimension_priorities"."rank" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "weekly_recaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"summary" text,
	"rating" integer,
	CONSTRAINT "weekly_recaps_conversation_id_unique" UNIQUE("conversation_id"),
	CONSTRAINT "weekly_recaps_user_week_unique" UNIQUE("user_id","week_start"),
	CONSTRAINT "weekly_recaps_rating_check" CHECK ("weekly_recaps"."rating" is null or "weekly_recaps"."rating" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "weekly_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recap_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"task_description" text NOT NULL,
	"related_dimension" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "weekly_tasks_dimension_check" CHECK ("weekly_tasks"."related_dimension" in ('mind', 'body', 'heart', 'connection', 'purpose', 'growth', 'spirit')),
	CONSTRAINT "weekly_tasks_status_check" CHECK ("weekly_tasks"."status" in ('pending', 'done'))
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_script_id_conversation_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."conversation_scripts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_category_id_goal_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goal_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goals" ADD CONSTRAINT "goals_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "levels" ADD CONSTRAINT "levels_path_id_paths_id_fk" FOREIGN KEY ("path_id") REFERENCES "public"."paths"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minigames" ADD CONSTRAINT "minigames_default_script_id_conversation_scripts_id_fk" FOREIGN KEY ("default_script_id") REFERENCES "public"."conversation_scripts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_exercises" ADD CONSTRAINT "path_exercises_level_id_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "path_exercises" ADD CONSTRAINT "path_exercises_minigame_id_minigames_id_fk" FOREIGN KEY ("minigame_id") REFERENCES "public"."minigames"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practices" ADD CONSTRAINT "practices_path_exercise_id_path_exercises_id_fk" FOREIGN KEY ("path_exercise_id") REFERENCES "public"."path_exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_attributes" ADD CONSTRAINT "user_attributes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_path_exercise_id_path_exercises_id_fk" FOREIGN KEY ("path_exercise_id") REFERENCES "public"."path_exercises"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_practice_id_practices_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."practices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_dimension_priorities" ADD CONSTRAINT "weekly_dimension_priorities_recap_id_weekly_recaps_id_fk" FOREIGN KEY ("recap_id") REFERENCES "public"."weekly_recaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_dimension_priorities" ADD CONSTRAINT "weekly_dimension_priorities_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_recaps" ADD CONSTRAINT "weekly_recaps_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_recaps" ADD CONSTRAINT "weekly_recaps_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_tasks" ADD CONSTRAINT "weekly_tasks_recap_id_weekly_recaps_id_fk" FOREIGN KEY ("recap_id") REFERENCES "public"."weekly_recaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_tasks" ADD CONSTRAINT "weekly_tasks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "achievements_user_id_idx" ON "achievements" USING btree ("user_id","earned_at");--> statement-breakpoint
CREATE INDEX "badges_user_id_idx" ON "badges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversations_user_id_idx" ON "conversations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "goals_user_id_idx" ON "goals" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_user_id_idx" ON "messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_conversation_id_idx" ON "messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "practices_user_id_idx" ON "practices" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_attributes_user_id_idx" ON "user_attributes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_progress_user_id_idx" ON "user_progress" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "weekly_dimension_priorities_user_id_idx" ON "weekly_dimension_priorities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "weekly_recaps_user_id_idx" ON "weekly_recaps" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "weekly_tasks_user_id_idx" ON "weekly_tasks" USING btree ("user_id");