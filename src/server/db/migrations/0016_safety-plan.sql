CREATE TABLE "safety_plan_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"step" text NOT NULL,
	"text" text NOT NULL,
	"phone" text,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "safety_plan_lines_step_check" CHECK ("safety_plan_lines"."step" in ('warning-signs', 'on-my-own', 'people-and-places', 'people-to-ask', 'professionals', 'safer-surroundings', 'reasons-for-living')),
	CONSTRAINT "safety_plan_lines_text_check" CHECK (char_length("safety_plan_lines"."text") <= 300),
	CONSTRAINT "safety_plan_lines_phone_check" CHECK ("safety_plan_lines"."phone" is null or (char_length("safety_plan_lines"."phone") <= 30 and "safety_plan_lines"."step" in ('people-to-ask', 'professionals'))),
	CONSTRAINT "safety_plan_lines_written_check" CHECK ("safety_plan_lines"."text" <> '' or "safety_plan_lines"."phone" is not null),
	CONSTRAINT "safety_plan_lines_position_check" CHECK ("safety_plan_lines"."position" between 0 and 1000000)
);
--> statement-breakpoint
ALTER TABLE "safety_plan_lines" ADD CONSTRAINT "safety_plan_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "safety_plan_lines_user_id_idx" ON "safety_plan_lines" USING btree ("user_id","step");