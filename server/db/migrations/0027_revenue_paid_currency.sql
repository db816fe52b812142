ALTER TABLE "revenue_entries" ADD COLUMN "currency" text DEFAULT 'GBP' NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "paid_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "rate" numeric(14, 6);--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "rate_date" date;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "rate_provisional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "revenue_entries_provisional_idx" ON "revenue_entries" USING btree ("date") WHERE "revenue_entries"."rate_provisional";--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_paid_complete" CHECK (("revenue_entries"."currency" = 'GBP' AND "revenue_entries"."paid_amount" IS NULL AND "revenue_entries"."rate" IS NULL AND "revenue_entries"."rate_date" IS NULL AND NOT "revenue_entries"."rate_provisional")
        OR ("revenue_entries"."currency" ~ '^[A-Z]{3}$' AND "revenue_entries"."currency" <> 'GBP' AND "revenue_entries"."paid_amount" >= 0 AND "revenue_entries"."rate" > 0 AND "revenue_entries"."rate_date" IS NOT NULL));