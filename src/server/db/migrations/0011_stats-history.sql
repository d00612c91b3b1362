CREATE TABLE "dimension_snapshots" (
	"user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"scores" jsonb NOT NULL,
	"taken_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dimension_snapshots_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "goal_progress_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"goal_id" uuid NOT NULL,
	"current_value" double precision NOT NULL,
	"progress" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "goal_progress_updates_current_check" CHECK ("goal_progress_updates"."current_value" >= 0),
	CONSTRAINT "goal_progress_updates_progress_check" CHECK ("goal_progress_updates"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "show_streaks" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dimension_snapshots" ADD CONSTRAINT "dimension_snapshots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_progress_updates" ADD CONSTRAINT "goal_progress_updates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_progress_updates" ADD CONSTRAINT "goal_progress_updates_goal_id_goals_id_fk" FOREIGN KEY ("goal_id") REFERENCES "public"."goals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_progress_updates_user_id_idx" ON "goal_progress_updates" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "goal_progress_updates_goal_id_idx" ON "goal_progress_updates" USING btree ("goal_id","created_at");