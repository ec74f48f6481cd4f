DROP INDEX "search_documents_document";--> statement-breakpoint
ALTER TABLE "search_documents" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Posts and comments take their own time (ADR 178), before the indexes that hold it are built.
UPDATE "search_documents" SET "created_at" = "discussions"."created_at" FROM "discussions" WHERE "search_documents"."kind" = 'discussion' AND "search_documents"."ref_id" = "discussions"."id"::text;--> statement-breakpoint
UPDATE "search_documents" SET "created_at" = "comments"."created_at" FROM "comments" WHERE "search_documents"."kind" = 'comment' AND "search_documents"."ref_id" = "comments"."id"::text;--> statement-breakpoint
CREATE INDEX "search_documents_content" ON "search_documents" USING gin ("document") WHERE kind not in ('discussion', 'comment');--> statement-breakpoint
CREATE INDEX "search_documents_discussions" ON "search_documents" USING gin ("document") WHERE kind = 'discussion';--> statement-breakpoint
CREATE INDEX "search_documents_comments" ON "search_documents" USING gin ("document") WHERE kind = 'comment';--> statement-breakpoint
CREATE INDEX "search_documents_community_recent" ON "search_documents" USING btree ("kind","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE kind in ('discussion', 'comment');