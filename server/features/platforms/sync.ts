import type { FastifyBaseLogger } from 'fastify';
import { type Jobs, QUEUES } from '../../jobs/boss';
import { filterUsersCovering } from '../billing/entitlements';
import { type PlatformDeps, syncConnection } from './service';
import { findSyncableConnections } from './store';

/** Every day at 05:00 UTC, after the platforms have settled the day before's figures. */
export const PLATFORM_SYNC_CRON = '0 5 * * *';

/**
 * Reads the statistics of every active connection whose creator's plan brings the daily sync, one
 * after another; each failure stays on its connection.
 */
export async function syncAllConnections(deps: PlatformDeps, log: Pick<FastifyBaseLogger, 'warn'>) {
  const rows = await findSyncableConnections(deps.db);
  const covered = await filterUsersCovering(
    deps.db,
    rows.map((row) => row.userId),
    'platformSync',
  );
  for (const row of rows) if (covered.has(row.userId)) await syncConnection(deps, row, log);
}

export async function startPlatformSync(
  deps: PlatformDeps & { jobs: Jobs; log: Pick<FastifyBaseLogger, 'warn'> },
) {
  await deps.jobs.schedule(QUEUES.platformSync, PLATFORM_SYNC_CRON, {}, { tz: 'UTC' });
  await deps.jobs.work(QUEUES.platformSync, { pollingIntervalSeconds: 30 }, async () => {
    await syncAllConnections(deps, deps.log);
  });
}
