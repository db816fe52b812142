ALTER TABLE "screenshots" ADD COLUMN "read_period" text;--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "source_sha256" text;--> statement-breakpoint
CREATE UNIQUE INDEX "screenshots_user_id_source_sha256_index" ON "screenshots" USING btree ("user_id","source_sha256");--> statement-breakpoint
UPDATE "screenshots" SET "read_period" = "period" WHERE NOT "is_period_given" AND "status" IN ('analysed', 'no_figures');
