ALTER TABLE "platform_connections" ADD COLUMN "synced_through" date;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "last_sync_read" text;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "video_views" jsonb;--> statement-breakpoint
ALTER TABLE "platform_connections" ADD COLUMN "typed_revenue_months" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD COLUMN "origin" text DEFAULT 'typed' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "platform_metrics_one_per_day" ON "platform_metrics" USING btree ("connection_id","metric","day") WHERE "platform_metrics"."day" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "revenue_entries" ADD CONSTRAINT "revenue_entries_origin_known" CHECK ("revenue_entries"."origin" IN ('typed', 'youtube'));