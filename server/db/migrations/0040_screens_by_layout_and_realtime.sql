ALTER TABLE "platform_metrics" DROP CONSTRAINT "platform_metrics_kind_known";--> statement-breakpoint
ALTER TABLE "screenshots" ADD COLUMN "layout" text;--> statement-breakpoint
ALTER TABLE "platform_metrics" ADD CONSTRAINT "platform_metrics_kind_known" CHECK ("platform_metrics"."kind" IN ('total', 'change', 'realtime'));