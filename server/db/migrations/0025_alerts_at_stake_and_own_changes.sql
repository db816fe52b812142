ALTER TABLE "alert_scans" ADD COLUMN "own_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "at_stake_pence" bigint;--> statement-breakpoint
-- custom: a write of the creator's own data (a typed or imported revenue entry, a figure read from their
-- screenshot) also records the count it left in own_changes, so the planner scans it within minutes on
-- every plan; synced figures keep the daily rule for plans without real-time alerts (docs/decisions/043).
CREATE OR REPLACE FUNCTION note_alert_scan_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'revenue_entries' THEN
    INSERT INTO alert_scans AS scans (user_id, changes, changed_at, own_changes)
    SELECT creators.user_id, 1, clock_timestamp(), CASE WHEN creators.own THEN 1 ELSE 0 END
    FROM (SELECT user_id, bool_or(origin = 'typed') AS own FROM changed GROUP BY user_id) creators
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = creators.user_id)
    ORDER BY creators.user_id
    ON CONFLICT (user_id) DO UPDATE SET changes = scans.changes + 1, changed_at = excluded.changed_at,
      own_changes = CASE WHEN excluded.own_changes > 0 THEN scans.changes + 1 ELSE scans.own_changes END;
  ELSE
    INSERT INTO alert_scans AS scans (user_id, changes, changed_at, own_changes)
    SELECT creators.user_id, 1, clock_timestamp(), CASE WHEN creators.own THEN 1 ELSE 0 END
    FROM (SELECT user_id, bool_or(source = 'screenshot') AS own FROM changed GROUP BY user_id) creators
    WHERE EXISTS (SELECT 1 FROM users WHERE users.id = creators.user_id)
    ORDER BY creators.user_id
    ON CONFLICT (user_id) DO UPDATE SET changes = scans.changes + 1, changed_at = excluded.changed_at,
      own_changes = CASE WHEN excluded.own_changes > 0 THEN scans.changes + 1 ELSE scans.own_changes END;
  END IF;
  RETURN NULL;
END $$;
