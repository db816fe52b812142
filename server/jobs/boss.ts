import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Tx } from '../db/client';

/** Every queue the app uses; all are created at start-up, before anything is sent to them. */
export const QUEUES = {
  /** Dead letters of outboxDelivery: jobs that used up their retries, however they failed. */
  outboxFailed: 'outbox-failed',
  outboxDelivery: 'outbox-delivery',
  /** Reading the figures on an uploaded analytics screenshot. */
  screenshotAnalysis: 'screenshot-analysis',
  /** The daily read of connected platforms (scheduled): queues one job per connection. */
  platformSync: 'platform-sync',
  /** One connection's read: its history when new, the days since the last read after that. */
  platformSyncConnection: 'platform-sync-connection',
  /** Revoking a disconnected platform's grant at the platform, with retries. */
  platformRevoke: 'platform-revoke',
  /** The five-minute alert scan's planner (scheduled): queues the creators due as batches. */
  alertScan: 'alert-scan',
  /** Up to 200 creators' alert scans, each in its own try. */
  alertScanBatch: 'alert-scan-batch',
  /** The ECB's euro reference rates, read twice a day (scheduled); decision 047. */
  fxRates: 'fx-rates',
  /** Falls shared across a platform's creators, measured each scan cycle (scheduled); decision 050. */
  platformShifts: 'platform-shifts',
  /** Held waitlist places past their 48 hours lapse (scheduled); decision 062. */
  waitlistLapses: 'waitlist-lapses',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** The job queue as the app uses it: workers start through `work` below, which measures them. */
export type Jobs = Omit<PgBoss, 'work'>;

/**
 * About an hour of exponential backoff: pg-boss waits 5 s × 2^n (× 1–2 jitter) before retry n, so 8
 * retries span 21–42 minutes after the first attempt, plus the attempts themselves.
 */
export const DELIVERY_RETRY = { retryLimit: 8, retryDelay: 5, retryBackoff: true } as const;

export type QueueSettings = Omit<PgBoss.Queue, 'name'>;

/**
 * Settings live on the queue, not on each job, so every sender gets the same retries and tests can
 * shorten them without touching the code that enqueues. An attempt that runs longer than
 * `expireInSeconds` (a process killed mid-delivery) counts as failed and is retried.
 */
const QUEUE_SETTINGS: Record<QueueName, QueueSettings> = {
  'outbox-failed': {},
  'outbox-delivery': { ...DELIVERY_RETRY, expireInSeconds: 120, deadLetter: QUEUES.outboxFailed },
  'screenshot-analysis': { retryLimit: 2, retryDelay: 5, expireInSeconds: 300 },
  'platform-sync': { retryLimit: 1, retryDelay: 600, expireInSeconds: 3600 },
  // Stately: one waiting and one running per connection (its id is the singleton key), so the daily
  // fan-out and a retry after a provider's 429 never read one connection twice at once.
  'platform-sync-connection': {
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 300,
    retryBackoff: true,
    expireInSeconds: 600,
  },
  // A platform that is down when a creator disconnects is asked again for about half an hour.
  'platform-revoke': { retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  // A planner that fails is simply the next one's work: no retries piling up behind the schedule.
  'alert-scan': { retryLimit: 0, expireInSeconds: 240 },
  // A batch with a failed creator is retried for those still due; a batch whose instance died is
  // retried once it expires. After that the planner takes the failed creators again, later each time.
  'alert-scan-batch': { retryLimit: 2, retryDelay: 10, expireInSeconds: 600 },
  // A failed read keeps the last good rates and is counted; the next scheduled read tries again.
  'fx-rates': { retryLimit: 0, expireInSeconds: 600 },
  // Like the scan's planner: a run that fails is the next tick's work, and one run measures everything.
  'platform-shifts': { retryLimit: 0, expireInSeconds: 240 },
  // A run that fails is the next tick's work: a place lapses five minutes late, never early.
  'waitlist-lapses': { retryLimit: 0, expireInSeconds: 240 },
};

/** What job handlers report when metrics are on (server/metrics/metrics.ts). */
export type JobMetrics = {
  countJobFailure(queue: string): void;
  observeJob(queue: string, seconds: number): void;
};

/** What `startJobs` was asked to measure workers with, per instance; read by `work`. */
const WORK_METRICS = new WeakMap<Jobs, JobMetrics>();

/**
 * Starts a worker on a queue. Every worker is started here (`Jobs` leaves out pg-boss's own `work`), so
 * timing and counting failures covers every queue, present and future, without each handler saying so.
 * A throw is what pg-boss fails (and retries).
 */
export function work<T>(
  jobs: Jobs,
  name: string,
  options: PgBoss.WorkOptions & { includeMetadata: true },
  handler: PgBoss.WorkWithMetadataHandler<T>,
): Promise<string>;
export function work<T>(
  jobs: Jobs,
  name: string,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<T>,
): Promise<string>;
export function work(
  jobs: Jobs,
  name: string,
  options: PgBoss.WorkOptions,
  handler: PgBoss.WorkHandler<unknown> | PgBoss.WorkWithMetadataHandler<unknown>,
): Promise<string> {
  // The overloads above pair the handler with its options; pg-boss passes the batch through unchanged.
  const run = handler as PgBoss.WorkHandler<unknown>;
  const boss = jobs as PgBoss;
  const metrics = WORK_METRICS.get(jobs);
  if (!metrics) return boss.work(name, options, run);
  return boss.work(name, options, async (batch) => {
    const startedAt = performance.now();
    try {
      return await run(batch);
    } catch (error) {
      metrics.countJobFailure(name);
      throw error;
    } finally {
      metrics.observeJob(name, (performance.now() - startedAt) / 1000);
    }
  });
}

export type StartJobsOptions = {
  onError?: (error: Error) => void;
  metrics?: JobMetrics;
  /** Replaces some queue settings (tests use short retry delays). */
  queueSettings?: Partial<Record<QueueName, QueueSettings>>;
  /**
   * Only fetch and complete jobs: no schema install, queue set-up, maintenance or cron timekeeping,
   * which the process's main queue does (the delivery thread, `delivery-thread.ts`).
   */
  isWorkerOnly?: boolean;
};

/** Any constant, the same in every instance; distinct from the migrations' lock. */
const QUEUE_SETUP_LOCK_ID = 7_310_643;

/**
 * Runs `setUp` while holding a PostgreSQL advisory lock, so instances starting together against one
 * database take turns: pg-boss's schema install and `createQueue` (which attaches a partition to the
 * job table) deadlock when two run at once.
 */
async function whileHoldingSetupLock<T>(url: string, setUp: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_ID]);
    return await setUp();
  } finally {
    // Ending the session releases the lock too, also when unlocking fails.
    await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
}

export async function startJobs(url: string, options: StartJobsOptions = {}): Promise<Jobs> {
  const boss = options.isWorkerOnly
    ? new PgBoss({
        connectionString: url,
        schema: 'pgboss',
        max: 2,
        migrate: false,
        supervise: false,
        schedule: false,
      })
    : new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.onError?.(error));
  if (options.metrics) WORK_METRICS.set(boss, options.metrics);
  if (options.isWorkerOnly) {
    await boss.start();
    return boss;
  }
  await whileHoldingSetupLock(url, async () => {
    await boss.start();
    for (const name of Object.values(QUEUES)) {
      const settings = { ...QUEUE_SETTINGS[name], ...options.queueSettings?.[name] };
      await boss.createQueue(name, { name, ...settings });
      // createQueue leaves an existing queue as it was; settings changed since then apply from here on.
      if (Object.keys(settings).length > 0) await boss.updateQueue(name, { name, ...settings });
    }
  });
  return boss;
}

/**
 * pg-boss's `db` option for `send`: runs its INSERT inside our Drizzle transaction, so a record and the
 * job that follows from it are committed together or not at all.
 */
export function inTransaction(tx: Tx): {
  executeSql(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
} {
  return {
    async executeSql(text, values) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = [];
      parts.forEach((part, index) => {
        chunks.push(index % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1])}`);
      });
      const result = await tx.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}
