import { createRequire } from 'node:module';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Tx } from '../db/client';

type JobUpdate = (
  this: { emit(event: 'error', error: unknown): boolean },
  ...args: unknown[]
) => Promise<unknown>;

/**
 * pg-boss 10 marks the jobs a worker has run completed (or failed) without awaiting the call
 * (`work` in pg-boss/src/manager.js; timgit/pg-boss#577). If the database is unreachable just then, the
 * rejection is unhandled and Node ends the process: a database restart would take every app instance
 * down with it. Each call now gets a handler that reports the failure as the queue's 'error' event
 * (callers that await still see it); the jobs stay active until they expire and are retried, as after a
 * crash. Applied once, to the class every PgBoss instance uses; a pg-boss without these methods stops
 * the server at start-up rather than crash later, so an upgrade cannot drop this unnoticed.
 */
function reportUnawaitedJobUpdates() {
  const manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as {
    prototype: Record<string, JobUpdate | undefined> & { isJobUpdateReported?: boolean };
  };
  const prototype = manager.prototype;
  if (prototype.isJobUpdateReported) return;
  for (const name of ['complete', 'fail']) {
    const update = prototype[name];
    if (typeof update !== 'function') {
      throw new Error(`pg-boss no longer has Manager.${name}: revisit reportUnawaitedJobUpdates in boss.ts`);
    }
    prototype[name] = function (this, ...args) {
      const result = update.apply(this, args);
      result.catch((error: unknown) => this.emit('error', error));
      return result;
    };
  }
  prototype.isJobUpdateReported = true;
}
reportUnawaitedJobUpdates();

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
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type Jobs = PgBoss;

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
};

/** What job handlers report when metrics are on (server/metrics/metrics.ts). */
export type JobMetrics = {
  countJobFailure(queue: string): void;
  observeJob(queue: string, seconds: number): void;
};

type JobHandler = (jobs: unknown[]) => Promise<unknown>;

/**
 * Every worker is started through \`work\`, so timing and counting failures there covers every queue,
 * present and future, without each handler saying so. A throw is what pg-boss fails (and retries).
 */
function measureWork(boss: PgBoss, metrics: JobMetrics) {
  const work = boss.work.bind(boss) as (name: string, ...rest: unknown[]) => Promise<string>;
  const measured = (name: string, ...rest: unknown[]) => {
    const handler = rest.pop() as JobHandler;
    return work(name, ...rest, async (jobs: unknown[]) => {
      const startedAt = performance.now();
      try {
        return await handler(jobs);
      } catch (error) {
        metrics.countJobFailure(name);
        throw error;
      } finally {
        metrics.observeJob(name, (performance.now() - startedAt) / 1000);
      }
    });
  };
  boss.work = measured as unknown as PgBoss['work'];
}

export type StartJobsOptions = {
  onError?: (error: Error) => void;
  metrics?: JobMetrics;
  /** Replaces some queue settings (tests use short retry delays). */
  queueSettings?: Partial<Record<QueueName, QueueSettings>>;
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

export async function startJobs(url: string, options: StartJobsOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 4 });
  boss.on('error', (error) => options.onError?.(error));
  if (options.metrics) measureWork(boss, options.metrics);
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
