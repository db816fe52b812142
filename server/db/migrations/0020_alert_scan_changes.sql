ALTER TABLE "alert_scans" ALTER COLUMN "scanned_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "alert_scans" ALTER COLUMN "scanned_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "changes" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "scanned_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "scanned_by" text;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "alert_scans" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alert_scans_due" ON "alert_scans" USING btree ("changed_at") WHERE "alert_scans"."changes" > "alert_scans"."scanned_changes";--> statement-breakpoint
CREATE INDEX "alerts_user_unread_first" ON "alerts" USING btree ("user_id",("read_at" IS NOT NULL),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- custom: every write to a creator's revenue or platform figures marks them due for the alert scan, in
-- the writer's transaction, whichever feature writes (decision 034). One upsert per statement and
-- creator; a creator whose account is being deleted is skipped (their row goes with them).
CREATE FUNCTION note_alert_scan_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO alert_scans AS scans (user_id, changes, changed_at)
  SELECT creators.user_id, 1, clock_timestamp()
  FROM (SELECT DISTINCT user_id FROM changed) creators
  WHERE EXISTS (SELECT 1 FROM users WHERE users.id = creators.user_id)
  ORDER BY creators.user_id
  ON CONFLICT (user_id) DO UPDATE SET changes = scans.changes + 1, changed_at = excluded.changed_at;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER revenue_entries_inserted_for_scan AFTER INSERT ON revenue_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_alert_scan_change();--> statement-breakpoint
CREATE TRIGGER revenue_entries_updated_for_scan AFTER UPDATE ON revenue_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_alert_scan_change();--> statement-breakpoint
CREATE TRIGGER revenue_entries_deleted_for_scan AFTER DELETE ON revenue_entries
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_alert_scan_change();--> statement-breakpoint
CREATE TRIGGER platform_metrics_inserted_for_scan AFTER INSERT ON platform_metrics
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_alert_scan_change();--> statement-breakpoint
CREATE TRIGGER platform_metrics_updated_for_scan AFTER UPDATE ON platform_metrics
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_alert_scan_change();--> statement-breakpoint
CREATE TRIGGER platform_metrics_deleted_for_scan AFTER DELETE ON platform_metrics
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_alert_scan_change();--> statement-breakpoint
-- Creators scanned before this: up to date unless their figures changed after that scan; creators never
-- scanned with figures: due. (The last full aggregate over both tables.)
UPDATE alert_scans SET scanned_changes = changes;--> statement-breakpoint
INSERT INTO alert_scans AS scans (user_id, changes, changed_at)
SELECT user_id, 1, max(changed_at) FROM (
  SELECT user_id, max(updated_at) AS changed_at FROM revenue_entries GROUP BY user_id
  UNION ALL
  SELECT user_id, max(recorded_at) FROM platform_metrics GROUP BY user_id
) changed GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET changes = scans.changes + 1, changed_at = excluded.changed_at
WHERE excluded.changed_at > scans.scanned_at;
