CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "rate_limits" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_limit_windows_ends_at_index" ON "rate_limit_windows" USING btree ("ends_at");