CREATE TABLE "site_domains" (
	"site" text PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_host_slots" (
	"host" text NOT NULL,
	"slot" integer NOT NULL,
	"holder" text NOT NULL,
	"lease_until" bigint NOT NULL,
	CONSTRAINT "source_host_slots_host_slot_pk" PRIMARY KEY("host","slot")
);
--> statement-breakpoint
CREATE TABLE "source_host_turns" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" bigint NOT NULL,
	"cooldown_until" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_source_chapters" (
	"source_id" integer NOT NULL,
	"chapter_index" integer NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "story_source_chapters_source_id_chapter_index_pk" PRIMARY KEY("source_id","chapter_index")
);
--> statement-breakpoint
CREATE TABLE "story_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"site" text NOT NULL,
	"source_url" text NOT NULL,
	"book_key" text,
	"priority" integer NOT NULL,
	"serving" boolean DEFAULT false NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"retry_at" timestamp with time zone,
	"chapter_count" integer DEFAULT 0 NOT NULL,
	"added_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_sources_source_url_unique" UNIQUE("source_url")
);
--> statement-breakpoint
ALTER TABLE "story_source_chapters" ADD CONSTRAINT "story_source_chapters_source_id_story_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."story_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_sources" ADD CONSTRAINT "story_sources_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_sources_story_idx" ON "story_sources" USING btree ("story_id","priority");--> statement-breakpoint
CREATE INDEX "story_sources_book_key_idx" ON "story_sources" USING btree ("book_key");--> statement-breakpoint
CREATE UNIQUE INDEX "story_sources_serving_idx" ON "story_sources" USING btree ("story_id") WHERE "story_sources"."serving";--> statement-breakpoint
INSERT INTO "story_sources" ("story_id", "site", "source_url", "priority", "serving", "chapter_count", "added_by", "created_at") SELECT "story_id", "site", "source_url", 0, true, "last_chapter_seen", 'embed', "created_at" FROM "embedded_sources" ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "story_source_chapters" ("source_id", "chapter_index", "url", "title") SELECT "story_sources"."id", "chapters"."index", "chapters"."source_url", '' FROM "chapters" INNER JOIN "story_sources" ON "story_sources"."story_id" = "chapters"."story_id" WHERE "chapters"."source_url" IS NOT NULL ON CONFLICT DO NOTHING;
