ALTER TABLE "takedowns" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "takedowns" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "takedowns_slug_held_idx" ON "takedowns" USING btree ("story_slug") WHERE "takedowns"."lifted_at" is null;--> statement-breakpoint
CREATE INDEX "takedowns_source_held_idx" ON "takedowns" USING btree ("source_url") WHERE "takedowns"."lifted_at" is null;--> statement-breakpoint
UPDATE "takedowns" SET "source_url" = "stories"."source_url" FROM "stories" WHERE "stories"."id" = "takedowns"."story_id" AND "stories"."origin" = 'embedded';--> statement-breakpoint
UPDATE "takedowns" SET "lifted_at" = now() FROM "stories" WHERE "stories"."id" = "takedowns"."story_id" AND "takedowns"."action" = 'hide' AND NOT "stories"."hidden";
