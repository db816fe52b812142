import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { OcrReader } from '../integrations/ocr/reader';
import { QUEUES } from '../jobs/boss';

/** The label for requests no route matched: the raw URL would let any visitor mint new series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Seconds; from a cached counters read to a slow import, a model call or a screen read. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const WORK_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

export type Metrics = {
  registry: Registry;
  /** One answered request: its route pattern (never the raw URL), status and time taken. */
  observeRequest(method: string, route: string | undefined, status: number, seconds: number): void;
  /** A job handler that threw: pg-boss fails (and maybe retries) that attempt. */
  countJobFailure(queue: string): void;
  /** How long a job handler ran, whatever its outcome (the alert scan is `queue="alert-scan"`). */
  observeJob(queue: string, seconds: number): void;
  /** One OCR pass over a whole screen or, closer, one figure's region. */
  observeOcr(kind: 'screen' | 'region', seconds: number): void;
  /** One read of the exchange rate source (FX_RATES_URL) and what came of it. */
  countRateFetch(outcome: RateFetchOutcome): void;
};

/** stored: new days kept; unchanged: nothing new; refused: nonsense kept out; unreachable: no answer. */
export type RateFetchOutcome = 'stored' | 'unchanged' | 'refused' | 'unreachable';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

type QueueState = {
  outbox: { pending: number; failed: number; oldestPendingSeconds: number };
  queued: Map<string, number>;
};

/**
 * What the database holds: the outbox and the job queues. Read on scrape, once for all the gauges that
 * show it, with queries that stay on indexes: outbox rows by (status, created_at), and pg-boss's
 * partial index of jobs not yet started. Each instance reports the same figures; alert on max().
 */
async function readQueueState(pool: pg.Pool): Promise<QueueState> {
  const [outbox, jobs] = await Promise.all([
    pool.query<{ pending: number; failed: number; oldest: number | null }>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              extract(epoch FROM now() - min(created_at) FILTER (WHERE status = 'pending'))::float8 AS oldest
       FROM outbox_messages WHERE status IN ('pending', 'failed')`,
    ),
    pool.query<{ name: string; queued: number }>(
      `SELECT name, count(*)::int AS queued FROM pgboss.job WHERE state < 'active' GROUP BY name`,
    ),
  ]);
  const row = outbox.rows[0];
  return {
    outbox: { pending: row?.pending ?? 0, failed: row?.failed ?? 0, oldestPendingSeconds: row?.oldest ?? 0 },
    queued: new Map(jobs.rows.map((job) => [job.name, job.queued])),
  };
}

/** A registry of its own per app, so several apps in one process (tests) never share series. */
export function createMetrics(options: { pool: pg.Pool }): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'ballast_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class; _count is the request count',
    labelNames: ['method', 'route', 'status'],
    buckets: REQUEST_BUCKETS,
    registers,
  });
  const jobFailures = new Counter({
    name: 'ballast_job_failures_total',
    help: 'Job attempts that threw, by queue (each retry counts)',
    labelNames: ['queue'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'ballast_job_duration_seconds',
    help: 'How long job handlers ran, by queue',
    labelNames: ['queue'],
    buckets: WORK_BUCKETS,
    registers,
  });
  const rateFetches = new Counter({
    name: 'ballast_fx_rate_fetches_total',
    help: 'Reads of the exchange rate source by outcome: stored, unchanged, refused (malformed), unreachable',
    labelNames: ['outcome'],
    registers,
  });
  const ocrDuration = new Histogram({
    name: 'ballast_ocr_duration_seconds',
    help: 'OCR passes, a whole screen or one figure read again closer',
    labelNames: ['kind'],
    buckets: WORK_BUCKETS,
    registers,
  });

  // Sampled before the gauges below start their queries, so a scrape does not see its own.
  new Gauge({
    name: 'ballast_db_pool_connections',
    help: "The app's database pool: open connections, idle ones, and requests waiting for one",
    labelNames: ['state'],
    registers,
    collect() {
      this.set({ state: 'total' }, options.pool.totalCount);
      this.set({ state: 'idle' }, options.pool.idleCount);
      this.set({ state: 'waiting' }, options.pool.waitingCount);
    },
  });

  // One read per scrape however many gauges show it; a failed read empties them and says so.
  // (A scrape collects every metric at once, so the read in flight is the scrape's.)
  let reading: Promise<QueueState | undefined> | undefined;
  const queueState = () => {
    reading ??= readQueueState(options.pool)
      .catch(() => undefined)
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
  new Gauge({
    name: 'ballast_database_reachable',
    help: '1 when the last scrape could read the outbox and queues, 0 when the database did not answer',
    registers,
    async collect() {
      this.set((await queueState()) ? 1 : 0);
    },
  });
  new Gauge({
    name: 'ballast_outbox_messages',
    help: 'Outbox messages waiting for delivery (pending) or given up (failed)',
    labelNames: ['status'],
    registers,
    async collect() {
      const state = await queueState();
      this.reset();
      if (!state) return;
      this.set({ status: 'pending' }, state.outbox.pending);
      this.set({ status: 'failed' }, state.outbox.failed);
    },
  });
  new Gauge({
    name: 'ballast_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest outbox message not yet delivered (0 when none waits)',
    registers,
    async collect() {
      const state = await queueState();
      this.reset();
      if (state) this.set(state.outbox.oldestPendingSeconds);
    },
  });
  new Gauge({
    name: 'ballast_job_queue_depth',
    help: 'Jobs waiting to start (created or waiting to retry), by queue',
    labelNames: ['queue'],
    registers,
    async collect() {
      const state = await queueState();
      this.reset();
      if (!state) return;
      for (const queue of Object.values(QUEUES)) this.set({ queue }, state.queued.get(queue) ?? 0);
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.observe({ method, route: route ?? UNMATCHED_ROUTE, status: statusClass(status) }, seconds);
    },
    countJobFailure: (queue) => jobFailures.inc({ queue }),
    observeJob: (queue, seconds) => jobDuration.observe({ queue }, seconds),
    observeOcr: (kind, seconds) => ocrDuration.observe({ kind }, seconds),
    countRateFetch: (outcome) => rateFetches.inc({ outcome }),
  };
}

/** The reader with each pass timed; the screenshot analysis uses it unchanged. */
export function withOcrTiming(reader: OcrReader, metrics: Pick<Metrics, 'observeOcr'>): OcrReader {
  return {
    async readWords(image, region, language) {
      const startedAt = performance.now();
      try {
        return await reader.readWords(image, region, language);
      } finally {
        metrics.observeOcr(region ? 'region' : 'screen', (performance.now() - startedAt) / 1000);
      }
    },
    close: () => reader.close(),
  };
}
