ALTER TABLE "alerts" ADD COLUMN "fall_percent" integer;--> statement-breakpoint
ALTER TABLE "health_checks" ADD COLUMN "findings" jsonb;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "payer" text;