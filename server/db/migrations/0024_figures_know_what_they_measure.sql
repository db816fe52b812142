ALTER TABLE "platform_metrics" ADD COLUMN "period" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD COLUMN "period_days" integer;--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD COLUMN "kind" text DEFAULT 'total' NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD COLUMN "scope" text DEFAULT 'account' NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "period" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "is_period_given" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD CONSTRAINT "platform_metrics_kind_known" CHECK ("platform_metrics"."kind" IN ('total', 'change'));--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD CONSTRAINT "platform_metrics_scope_known" CHECK ("platform_metrics"."scope" IN ('account', 'post'));