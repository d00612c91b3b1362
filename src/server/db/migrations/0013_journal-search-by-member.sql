-- btree_gin lets a GIN index hold a text column beside the tsvector; it is a trusted extension (PostgreSQL 13 and
-- later), so the database's owner may create it without being a superuser (docs/decisions/0037).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "journal_entries_user_search_idx" ON "journal_entries" USING gin ("user_id","search");--> statement-breakpoint
DROP INDEX "journal_entries_search_idx";
