ALTER TABLE "screenshots" DROP CONSTRAINT "screenshots_status_known";--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "seen_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshots" ADD CONSTRAINT "screenshots_status_known" CHECK ("screenshots"."status" IN ('pending', 'analysed', 'no_figures', 'failed'));