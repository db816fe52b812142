/**
 * When the alert scan last looked at a creator's figures and when it looks next (docs/scoring.md,
 * "When figures are checked"). The planner runs every five minutes (ALERT_SCAN_CRON's default) and
 * scans whoever is due; nobody is due while nothing changed, so then the next check is "when new
 * figures arrive" (null).
 */
export const SCAN_EVERY_MINUTES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ScanState = { scannedAt: Date | null; isDue: boolean; isOwnDue: boolean };

/** The planner's next run: the next five-minute mark. */
export function nextPlannerRun(now: Date): Date {
  const step = SCAN_EVERY_MINUTES * 60 * 1000;
  return new Date(Math.floor(now.getTime() / step) * step + step);
}

export function checkTimes(state: ScanState | null, isRealTime: boolean, now: Date) {
  const lastCheckedAt = state?.scannedAt?.toISOString() ?? null;
  if (!state?.isDue) return { lastCheckedAt, nextCheckAt: null };
  const next = nextPlannerRun(now);
  // Synced figures on a plan without real-time alerts wait for the daily scan; her own data does not.
  if (!isRealTime && !state.isOwnDue && state.scannedAt) {
    const daily = new Date(state.scannedAt.getTime() + DAY_MS);
    if (daily > next) return { lastCheckedAt, nextCheckAt: nextPlannerRun(daily).toISOString() };
  }
  return { lastCheckedAt, nextCheckAt: next.toISOString() };
}
