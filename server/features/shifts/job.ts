import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { type Jobs, QUEUES, work } from '../../jobs/boss';
import { detectShifts, type ShiftDeps } from './service';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn'>;

/**
 * The platform shifts' run, on the alert scan's schedule (ALERT_SCAN_CRON, every five minutes by
 * default): one job for all instances each tick, so a fall the 20th creator's figures complete is
 * recorded at the next tick after they arrive, within one scan cycle.
 */
export async function startShiftDetection(
  deps: ShiftDeps & { jobs: Jobs; cron: string; log: Log; now: Clock },
) {
  const { now } = deps;
  await deps.jobs.schedule(QUEUES.platformShifts, deps.cron, {}, { tz: 'UTC' });
  await work(deps.jobs, QUEUES.platformShifts, { pollingIntervalSeconds: 10 }, async () => {
    const runs = await detectShifts(deps, now());
    const found = runs.filter((run) => run.shiftId !== null);
    if (found.length > 0) {
      deps.log.info({ shifts: found }, 'Platform shifts found');
    }
  });
}
