DROP INDEX "messages_conversation_id_idx";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "crisis" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_conversation_id_idx" ON "messages" USING btree ("conversation_id","seq");