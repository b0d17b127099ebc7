CREATE TABLE "speech_replacements" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"story_id" integer,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"disabled_defaults" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "speech_replacements_owner_story" UNIQUE NULLS NOT DISTINCT("user_id","story_id")
);
--> statement-breakpoint
ALTER TABLE "speech_replacements" ADD CONSTRAINT "speech_replacements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "speech_replacements" ADD CONSTRAINT "speech_replacements_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;