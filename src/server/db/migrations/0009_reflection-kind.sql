ALTER TABLE "conversation_scripts" DROP CONSTRAINT "conversation_scripts_kind_check";--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_kind_check";--> statement-breakpoint
ALTER TABLE "conversation_scripts" ADD CONSTRAINT "conversation_scripts_kind_check" CHECK ("conversation_scripts"."kind" in ('recap', 'threshold', 'goal', 'reflection'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_kind_check" CHECK ("conversations"."kind" in ('recap', 'threshold', 'goal', 'reflection'));