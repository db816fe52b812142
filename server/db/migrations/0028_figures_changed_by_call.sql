CREATE TABLE "figure_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"is_own" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "figure_changes" ADD CONSTRAINT "figure_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: the features that write revenue and platform figures now note each change themselves
-- (server/jobs/figure-changes.ts), so the alerts feature's table is no longer written by triggers on
-- theirs (decision 051). Creators already due stay due in alert_scans.
DROP TRIGGER revenue_entries_inserted_for_scan ON revenue_entries;--> statement-breakpoint
DROP TRIGGER revenue_entries_updated_for_scan ON revenue_entries;--> statement-breakpoint
DROP TRIGGER revenue_entries_deleted_for_scan ON revenue_entries;--> statement-breakpoint
DROP TRIGGER platform_metrics_inserted_for_scan ON platform_metrics;--> statement-breakpoint
DROP TRIGGER platform_metrics_updated_for_scan ON platform_metrics;--> statement-breakpoint
DROP TRIGGER platform_metrics_deleted_for_scan ON platform_metrics;--> statement-breakpoint
DROP FUNCTION note_alert_scan_change();
