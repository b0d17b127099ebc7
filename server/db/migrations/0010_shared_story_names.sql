CREATE TABLE "story_name_proposals" (
	"story_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"original" text NOT NULL,
	"translation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_name_proposals_story_id_user_id_original_pk" PRIMARY KEY("story_id","user_id","original")
);
--> statement-breakpoint
CREATE TABLE "story_shared_names" (
	"story_id" integer NOT NULL,
	"original" text NOT NULL,
	"translation" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"decided_by" text,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_shared_names_story_id_original_pk" PRIMARY KEY("story_id","original")
);
--> statement-breakpoint
ALTER TABLE "story_name_proposals" ADD CONSTRAINT "story_name_proposals_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_name_proposals" ADD CONSTRAINT "story_name_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_shared_names" ADD CONSTRAINT "story_shared_names_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_name_proposals_form_idx" ON "story_name_proposals" USING btree ("story_id","original","translation");--> statement-breakpoint
INSERT INTO "story_shared_names" ("story_id", "original", "translation", "source") SELECT "story_names"."story_id", "entry"."key", min("entry"."value"), 'migrated' FROM "story_names", jsonb_each_text("story_names"."entries") AS "entry" GROUP BY "story_names"."story_id", "entry"."key" HAVING count(DISTINCT "entry"."value") = 1 ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "chapters" SET "content" = NULL, "updated_at" = now() WHERE "source_text" IS NOT NULL AND "story_id" IN (SELECT "story_names"."story_id" FROM "story_names", jsonb_each_text("story_names"."entries") AS "entry" GROUP BY "story_names"."story_id", "entry"."key" HAVING count(DISTINCT "entry"."value") > 1);
