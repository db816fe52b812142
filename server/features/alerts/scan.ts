import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { QUEUES } from '../../jobs/boss';
import { filterUsersCovering } from '../billing/entitlements';
import { type AlertDeps, scanCreator } from './service';

/** Creators whose plan has no real-time alerts are scanned at most this often: a daily scan. */
const DAILY_SCAN_MS = 24 * 3600 * 1000;

/**
 * Scans only the creators whose revenue or platform figures changed since their last scan, and notes
 * the time each was scanned: on every run for plans with real-time alerts, at most once a day for the
 * others. Answers how many creators were scanned.
 */
export async function scanChangedCreators(deps: AlertDeps, now: () => Date): Promise<number> {
  const { db } = deps;
  const { rows: changed } = await db.execute<{ user_id: string; scanned_at: Date | null }>(sql`
    SELECT changed.user_id, scans.scanned_at FROM (
      SELECT user_id, max(updated_at) AS changed_at FROM revenue_entries GROUP BY user_id
      UNION ALL
      SELECT user_id, max(recorded_at) FROM platform_metrics GROUP BY user_id
    ) changed
    LEFT JOIN alert_scans scans ON scans.user_id = changed.user_id
    GROUP BY changed.user_id, scans.scanned_at
    HAVING scans.scanned_at IS NULL OR max(changed.changed_at) > scans.scanned_at`);
  const realTime = await filterUsersCovering(
    db,
    changed.map((row) => row.user_id),
    'realTimeAlerts',
  );
  // Scan times are the database's real time (they are compared with when figures changed), not `now`.
  const dayAgo = Date.now() - DAILY_SCAN_MS;
  const rows = changed.filter(
    (row) =>
      realTime.has(row.user_id) || row.scanned_at === null || new Date(row.scanned_at).getTime() <= dayAgo,
  );
  for (const { user_id: userId } of rows) {
    const startedAt = new Date();
    await scanCreator(deps, userId, now());
    await db.execute(sql`
      INSERT INTO alert_scans (user_id, scanned_at) VALUES (${userId}, ${startedAt})
      ON CONFLICT (user_id) DO UPDATE SET scanned_at = excluded.scanned_at`);
  }
  return rows.length;
}

/** Every five minutes by default (ALERT_SCAN_CRON): an alert within minutes of the data that shows a drop. */
export async function startAlertScan(
  deps: AlertDeps & { cron: string; log: Pick<FastifyBaseLogger, 'warn'>; now?: () => Date },
) {
  await deps.jobs.schedule(QUEUES.alertScan, deps.cron, {}, { tz: 'UTC' });
  await deps.jobs.work(QUEUES.alertScan, { pollingIntervalSeconds: 10 }, async () => {
    await scanChangedCreators(deps, deps.now ?? (() => new Date()));
  });
}
