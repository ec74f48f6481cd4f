CREATE TABLE "cpd_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"body_name" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"source_ref" text,
	"title" text NOT NULL,
	"provider" text NOT NULL,
	"course_number" text,
	"earned_on" date NOT NULL,
	"amount" numeric NOT NULL,
	"type" text NOT NULL,
	"credential" text,
	"topic" text,
	"self_reported" boolean DEFAULT false NOT NULL,
	"evidence_path" text,
	"reported_at" timestamp with time zone,
	"export_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"body" text NOT NULL,
	"rows" integer NOT NULL,
	"made_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"body_name" text DEFAULT '' NOT NULL,
	"number" text NOT NULL,
	"credentials" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"since" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpd_transcripts" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"body" text NOT NULL,
	"period_id" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"fields" jsonb NOT NULL,
	"live_id" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"scheduled_at" timestamp with time zone,
	"imported_at" timestamp with time zone,
	"imported_hash" text,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "credits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pass_percent" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "credits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_series" ADD COLUMN "credits" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cpd_entries" ADD CONSTRAINT "cpd_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_entries" ADD CONSTRAINT "cpd_entries_evidence_path_files_path_fk" FOREIGN KEY ("evidence_path") REFERENCES "public"."files"("path") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_entries" ADD CONSTRAINT "cpd_entries_export_id_cpd_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."cpd_exports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_exports" ADD CONSTRAINT "cpd_exports_made_by_users_id_fk" FOREIGN KEY ("made_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_memberships" ADD CONSTRAINT "cpd_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpd_transcripts" ADD CONSTRAINT "cpd_transcripts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_items" ADD CONSTRAINT "content_items_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_item_id_content_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."content_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_entries_once" ON "cpd_entries" USING btree ("user_id","source","source_ref","body","type") WHERE "cpd_entries"."source_ref" is not null;--> statement-breakpoint
CREATE INDEX "cpd_entries_member" ON "cpd_entries" USING btree ("user_id","body","earned_on");--> statement-breakpoint
CREATE INDEX "cpd_entries_unreported" ON "cpd_entries" USING btree ("body","created_at") WHERE "cpd_entries"."reported_at" is null and not "cpd_entries"."self_reported";--> statement-breakpoint
CREATE UNIQUE INDEX "cpd_memberships_one_per_body" ON "cpd_memberships" USING btree ("user_id","body","body_name");--> statement-breakpoint
CREATE INDEX "cpd_transcripts_member" ON "cpd_transcripts" USING btree ("user_id","body","period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "content_items_kind_key" ON "content_items" USING btree ("kind","key");--> statement-breakpoint
CREATE INDEX "content_items_kind_status" ON "content_items" USING btree ("kind","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "content_revisions_item_version" ON "content_revisions" USING btree ("item_id","version");--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;