-- 'Did you mean' compares words by trigrams (pg_trgm: a contrib extension on PostgreSQL, loaded by PGlite at open).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"ref_id" text NOT NULL,
	"page" integer DEFAULT 0 NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"visibility" text NOT NULL,
	"parent_id" text,
	"document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(summary, '')), 'B') || setweight(to_tsvector('english', coalesce(body, '')), 'C')) STORED
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"phrase" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "search_documents_ref" ON "search_documents" USING btree ("kind","ref_id","page");--> statement-breakpoint
CREATE INDEX "search_documents_document" ON "search_documents" USING gin ("document");--> statement-breakpoint
CREATE INDEX "search_documents_parent" ON "search_documents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);