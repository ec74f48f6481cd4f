CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"done_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workshop_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workshop_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workshop_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"duration" integer NOT NULL,
	"capacity" integer NOT NULL,
	"join_url" text NOT NULL,
	"hosts" jsonb NOT NULL,
	"agenda" jsonb NOT NULL,
	"audience" text NOT NULL,
	"prepare" jsonb NOT NULL,
	"schedule" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "series_id" uuid;--> statement-breakpoint
ALTER TABLE "workshops" ADD COLUMN "capacity" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_workshop_id_workshops_id_fk" FOREIGN KEY ("workshop_id") REFERENCES "public"."workshops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workshop_registrations" ADD CONSTRAINT "workshop_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_key_unique" ON "jobs" USING btree ("key");--> statement-breakpoint
CREATE INDEX "jobs_due" ON "jobs" USING btree ("done_at","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_registrations_one_per_member" ON "workshop_registrations" USING btree ("workshop_id","user_id");--> statement-breakpoint
CREATE INDEX "workshop_registrations_workshop" ON "workshop_registrations" USING btree ("workshop_id","status","created_at");--> statement-breakpoint
CREATE INDEX "workshop_registrations_user" ON "workshop_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workshop_series_slug_unique" ON "workshop_series" USING btree ("slug");--> statement-breakpoint
ALTER TABLE "workshops" ADD CONSTRAINT "workshops_series_id_workshop_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."workshop_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workshops_series_start" ON "workshops" USING btree ("series_id","starts_at");