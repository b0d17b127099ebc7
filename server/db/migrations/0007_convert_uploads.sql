CREATE TABLE "convert_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL,
	"entries" integer NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"first_skipped" text,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "convert_uploads_kind_idx" ON "convert_uploads" USING btree ("kind","id");