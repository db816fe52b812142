import type { FastifyBaseLogger } from 'fastify';
import { type Jobs, QUEUES } from '../../jobs/boss';
import { type PlatformDeps, syncConnection } from './service';
import { findSyncableConnections } from './store';

/** Every day at 05:00 UTC, after the platforms have settled the day before's figures. */
export const PLATFORM_SYNC_CRON = '0 5 * * *';

/** Reads every active connection's statistics, one after another; each failure stays on its connection. */
export async function syncAllConnections(deps: PlatformDeps, log: Pick<FastifyBaseLogger, 'warn'>) {
  for (const row of await findSyncableConnections(deps.db)) await syncConnection(deps, row, log);
}

export async function startPlatformSync(
  deps: PlatformDeps & { jobs: Jobs; log: Pick<FastifyBaseLogger, 'warn'> },
) {
  await deps.jobs.schedule(QUEUES.platformSync, PLATFORM_SYNC_CRON, {}, { tz: 'UTC' });
  await deps.jobs.work(QUEUES.platformSync, { pollingIntervalSeconds: 30 }, async () => {
    await syncAllConnections(deps, deps.log);
  });
}
