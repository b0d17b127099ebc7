CREATE TABLE "job_runs" (
	"name" text NOT NULL,
	"slot" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"runner" text NOT NULL,
	CONSTRAINT "job_runs_name_slot_pk" PRIMARY KEY("name","slot")
);
--> statement-breakpoint
DROP INDEX "stories_updated_idx";--> statement-breakpoint
DROP INDEX "stories_views_total_idx";--> statement-breakpoint
CREATE INDEX "fetch_cache_fetched_idx" ON "fetch_cache" USING btree ("fetched_at");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "stories_rank_hot_idx" ON "stories" USING btree (("views_week" + "bookmark_count" * 20) desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_day_idx" ON "stories" USING btree ("views_day" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_week_idx" ON "stories" USING btree ("views_week" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_month_idx" ON "stories" USING btree ("views_month" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_total_idx" ON "stories" USING btree ("views_total" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_rating_idx" ON "stories" USING btree (("rating_avg" * least("rating_count", 50)) desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_bookmark_idx" ON "stories" USING btree ("bookmark_count" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_updated_idx" ON "stories" USING btree ("updated_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_created_idx" ON "stories" USING btree ("created_at" desc,"id" desc);--> statement-breakpoint
CREATE INDEX "stories_rank_completed_idx" ON "stories" USING btree ("updated_at" desc,"id" desc) WHERE "stories"."status" = 'completed';