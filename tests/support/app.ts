import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppDeps, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { connectDatabase, type DatabaseConnection } from '../../server/db/client';
import { createFileStorage } from '../../server/integrations/storage/from-config';
import type { FileStorage } from '../../server/integrations/storage/storage';
import { type Jobs, type StartJobsOptions, startJobs } from '../../server/jobs/boss';
import type { DeliveryLog, OutboxDeliveryOptions } from '../../server/jobs/outbox-delivery';
import { createMetrics, type Metrics } from '../../server/metrics/metrics';
import { startWorkers } from '../../server/workers';
import { createTestDatabase, type TestDatabase } from './database';
import { freePort } from './free-port';
import { ignoreDroppedConnection } from './pool-errors';
import { type RequestTo, requestsTo } from './server-requests';

export type TestApp = {
  app: FastifyInstance;
  /** http://127.0.0.1:<port>, also the app's PUBLIC_URL. */
  baseUrl: string;
  config: Config;
  database: DatabaseConnection;
  jobs: Jobs;
  /** Where this app keeps uploads: its own DATA_DIR/uploads unless the env names a bucket. */
  storage: FileStorage;
  testDatabase: TestDatabase;
  /** Present when started with `metrics: true`. */
  metrics?: Metrics;
  request: RequestTo;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  deps?: Partial<Omit<AppDeps, 'config' | 'database' | 'jobs'>>;
  /** Called before the app starts listening, e.g. to add a route that exercises shared behaviour. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
  testDatabase?: TestDatabase;
  /** A port chosen beforehand, when something must know the app's URL before it starts. */
  port?: number;
  /** Queue settings for this app's database, e.g. short retry delays. */
  queueSettings?: StartJobsOptions['queueSettings'];
  /** Start the outbox delivery workers, as the server does. Off by default: most tests only enqueue. */
  delivery?: OutboxDeliveryOptions & { log?: DeliveryLog };
  /** Start the screenshot analysis worker (OCR), as the server does. */
  screenshotAnalysis?: boolean;
  /**
   * Start the platform sync, alert scan and platform shift workers, as the server does (the clock is
   * `deps.now`).
   */
  platformSync?: boolean;
  /**
   * Start the exchange-rate worker, as the server does: the shipped snapshot is stored before the app
   * listens, and a read of FX_RATES_URL is queued.
   */
  fxRates?: boolean;
  /** Keep the test database when the app closes (to start another app on it). */
  isDatabaseKept?: boolean;
  /** Count requests and jobs in a registry of the app's own, as the server does with METRICS_PORT. */
  metrics?: boolean;
};

/** The real app on a real port with a fresh database of its own. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = options.testDatabase ?? (await createTestDatabase());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-test-app-'));
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATABASE_URL: testDatabase.url,
    DATA_DIR: dataDir,
    ...options.env,
  });
  const database = connectDatabase(testDatabase.url, { max: 5, onError: ignoreDroppedConnection });
  const metrics = options.metrics ? createMetrics({ pool: database.pool }) : undefined;
  const jobs = await startJobs(testDatabase.url, { queueSettings: options.queueSettings, metrics });
  const storage = options.deps?.storage ?? (await createFileStorage(config));
  const app = await buildApp({
    config,
    database,
    jobs,
    storage,
    metrics,
    clientDist: path.join(dataDir, 'no-client'),
    ...options.deps,
  });
  await options.beforeListen?.(app);
  // The server's own start for the workers a test asks for (the rates are read by the tests themselves).
  const workers = await startWorkers(
    { config, database, jobs, storage, log: app.log, metrics, now: options.deps?.now },
    {
      delivery: options.delivery,
      screenshotAnalysis: options.screenshotAnalysis,
      platformSync: options.platformSync,
      fxRates: options.fxRates,
    },
  );
  await app.listen({ port, host: '127.0.0.1' });

  return {
    app,
    baseUrl,
    config,
    database,
    jobs,
    storage,
    testDatabase,
    metrics,
    request: requestsTo(baseUrl).request,
    async close() {
      await app.close();
      await jobs.stop({ graceful: false, wait: true });
      await workers.stop();
      await database.close();
      if (!options.isDatabaseKept) await testDatabase.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
