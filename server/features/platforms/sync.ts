import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Jobs, QUEUES, work } from '../../jobs/boss';
import { filterUsersCovering } from '../billing/public';
import { type SyncOutcome, syncConnection } from './daily';
import { type PlatformDeps, queueConnectionSync, type RevokeJob, revokeGrant } from './service';
import {
  type ConnectionRow,
  claimFirstRead,
  findConnectionById,
  findSyncableConnectionIds,
  findSyncableConnections,
} from './store';

/** Every day at 05:00 UTC, after the platforms have settled the day before's figures. */
export const PLATFORM_SYNC_CRON = '0 5 * * *';
/** The daily reads are spread over this many seconds rather than sent as one burst. */
export const SYNC_SPREAD_SECONDS = 3600;
/** A provider that keeps asking us to wait is tried this many times, then left for tomorrow. */
const MAX_RATE_LIMITED_ATTEMPTS = 5;
/** Each further wait is at least this × 2^attempt seconds, whatever Retry-After says. */
const BACKOFF_BASE_SECONDS = 30;
const SYNC_WORKERS = 2;

type SyncDeps = PlatformDeps & { jobs: Jobs };
type Log = Pick<FastifyBaseLogger, 'warn'>;

/** A connection's place in the hour: the same every day, spread evenly across connections. */
export function startOffsetSeconds(connectionId: string): number {
  return createHash('sha256').update(connectionId).digest().readUInt32BE(0) % SYNC_SPREAD_SECONDS;
}

/** The daily fan-out: one job per active connection, each starting at its own second of the hour. */
export async function queueDailySync(deps: Pick<SyncDeps, 'db' | 'jobs' | 'now'>): Promise<number> {
  const ids = await findSyncableConnectionIds(deps.db);
  const start = deps.now().getTime();
  for (let from = 0; from < ids.length; from += 1000) {
    await deps.jobs.insert(
      ids.slice(from, from + 1000).map((connectionId) => ({
        name: QUEUES.platformSyncConnection,
        data: { connectionId, attempt: 0 },
        singletonKey: connectionId,
        startAfter: new Date(start + startOffsetSeconds(connectionId) * 1000),
      })),
    );
  }
  return ids.length;
}

export type ConnectionJob = { connectionId: string; attempt?: number };

/**
 * One connection's job: read it; if the provider asked us to wait, come back after its Retry-After
 * (and no sooner than the backoff); after a first read (a new connection's history), ask for an alert
 * scan at once, so a fall already under way is raised the day the creator connects.
 */
export async function runConnectionSync(
  deps: SyncDeps,
  job: ConnectionJob,
  log: Log,
): Promise<SyncOutcome | null> {
  const row = await findConnectionById(deps.db, job.connectionId);
  if (!row?.isActive || !row.isVerified) return null;
  const isFirstRead = row.syncedThrough === null && row.lastSyncedAt === null;
  if (!(await isCoveredBySync(deps, row.userId)) && !(await isOwedFirstRead(deps, row))) return null;
  const outcome = await syncConnection(deps, row, log);
  const attempt = job.attempt ?? 0;
  if (outcome.retryAfterSeconds !== null && attempt + 1 < MAX_RATE_LIMITED_ATTEMPTS) {
    await queueConnectionSync(deps, row.id, {
      attempt: attempt + 1,
      startAfterSeconds: Math.max(outcome.retryAfterSeconds, BACKOFF_BASE_SECONDS * 2 ** attempt),
    });
  }
  if (outcome.isRead && isFirstRead) await deps.jobs.send(QUEUES.alertScan, {});
  return outcome;
}

/**
 * Without The Guardian's daily sync, a creator's account gets one read of each platform, when it is
 * first connected: the connection that claimed it, until that read succeeds. Authorising again, or
 * disconnecting and connecting again, never opens another.
 */
async function isOwedFirstRead(deps: Pick<PlatformDeps, 'db'>, row: ConnectionRow) {
  if (row.lastSyncedAt !== null) return false;
  const claimant = await claimFirstRead(deps.db, {
    userId: row.userId,
    platform: row.platform,
    connectionId: row.id,
  });
  return claimant === row.id;
}

const isCoveredBySync = async (deps: Pick<PlatformDeps, 'db'>, userId: string) =>
  (await filterUsersCovering(deps.db, [userId], 'platformSync')).has(userId);

/**
 * Reads every active connection whose creator's plan brings the daily sync, one after another, in this
 * process (tests and the bench); each failure stays on its connection.
 */
export async function syncAllConnections(deps: PlatformDeps, log: Log) {
  const rows = await findSyncableConnections(deps.db);
  const covered = await filterUsersCovering(
    deps.db,
    rows.map((row) => row.userId),
    'platformSync',
  );
  for (const row of rows) if (covered.has(row.userId)) await syncConnection(deps, row, log);
}

export async function startPlatformSync(deps: SyncDeps & { log: Log }) {
  await deps.jobs.schedule(QUEUES.platformSync, PLATFORM_SYNC_CRON, {}, { tz: 'UTC' });
  await work(deps.jobs, QUEUES.platformSync, { pollingIntervalSeconds: 30 }, async () => {
    await queueDailySync(deps);
  });
  await work<RevokeJob>(deps.jobs, QUEUES.platformRevoke, { pollingIntervalSeconds: 2 }, async (jobs) => {
    for (const job of jobs) await revokeGrant(deps, job.data);
  });
  // Two workers per instance, one job each: a read waits mostly on the provider, and one creator's
  // failure (kept on its connection, or retried by pg-boss) never holds up the rest.
  for (let worker = 0; worker < SYNC_WORKERS; worker += 1) {
    await work<ConnectionJob>(
      deps.jobs,
      QUEUES.platformSyncConnection,
      { pollingIntervalSeconds: 2, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        const outcome = await runConnectionSync(deps, job.data, deps.log);
        // The failure is already on the connection; failing the job has pg-boss read it again later
        // (three times, 5, 10 and 20 minutes on), and only this connection waits.
        if (outcome?.isRetryable) throw new Error('The platform could not be read; trying again later');
      },
    );
  }
}
