import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { DatabaseConnection } from './db/client';
import { startAlertScan } from './features/alerts/public';
import { startFxRates } from './features/fx-rates/public';
import { platformDepsOf, startPlatformSync } from './features/platforms/public';
import { revalueProvisionalEntries } from './features/revenue/public';
import { startScreenshotAnalysis } from './features/screenshots/public';
import { startShiftDetection } from './features/shifts/public';
import { startWaitlistLapses } from './features/waitlist/public';
import { lazyOcrReader } from './integrations/ocr/reader';
import type { FileStorage } from './integrations/storage/storage';
import type { Jobs } from './jobs/boss';
import { startDeliveryThread } from './jobs/delivery-host';
import {
  type DeliveryLog,
  type OutboxDelivery,
  type OutboxDeliveryOptions,
  startOutboxDelivery,
} from './jobs/outbox-delivery';
import { type Metrics, withOcrTiming } from './metrics/metrics';

export type WorkerDeps = {
  config: Config;
  database: DatabaseConnection;
  jobs: Jobs;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  metrics?: Metrics;
  /** The clock of the sync, the alert scan and the shifts run; the machine's unless a test fixes it. */
  now?: Clock;
};

/** Which workers to start: the server starts them all; a test, the ones it exercises. */
export type WorkerChoice = {
  /**
   * Delivery of the outbox (emails, the CRM): `true` in a thread of its own, as the server runs it;
   * options run it on this thread (with its own log, to be read by a test) unless `isInThread`.
   */
  delivery?: boolean | (OutboxDeliveryOptions & { log?: DeliveryLog; isInThread?: boolean });
  /** Reading uploaded screenshots (OCR). */
  screenshotAnalysis?: boolean;
  /** The daily platform sync, the alert scan and the platform shifts run, which feed each other. */
  platformSync?: boolean;
  /** The ECB's exchange rates, read twice a day. */
  fxRates?: boolean;
  /** Held waitlist places lapsing when not confirmed in time, every five minutes. */
  waitlistLapses?: boolean;
};

export const EVERY_WORKER: Required<WorkerChoice> = {
  delivery: true,
  screenshotAnalysis: true,
  platformSync: true,
  fxRates: true,
  waitlistLapses: true,
};

export type Workers = {
  /** After the job queue has stopped: in-flight deliveries finish and the OCR workers end. */
  stop(): Promise<void>;
};

/**
 * The background workers, started the same way by the server (`main.ts`) and the test app
 * (tests/support/app.ts), each on the shared job queue; stopped after the queue.
 */
export async function startWorkers(deps: WorkerDeps, choice: WorkerChoice): Promise<Workers> {
  const { config, database, jobs, log } = deps;
  const now = deps.now ?? systemClock;
  const cron = config.ALERT_SCAN_CRON;
  let delivery: OutboxDelivery | undefined;
  if (choice.delivery) {
    const {
      log: deliveryLog = log,
      isInThread,
      ...options
    } = choice.delivery === true ? { isInThread: true } : choice.delivery;
    const deliveryDeps = { config, databaseUrl: database.url, log: deliveryLog };
    delivery = isInThread
      ? await startDeliveryThread({ ...deliveryDeps, metrics: deps.metrics }, options)
      : await startOutboxDelivery({ ...deliveryDeps, jobs }, options);
  }
  let ocr: ReturnType<typeof lazyOcrReader> | undefined;
  if (choice.screenshotAnalysis) {
    const reader = lazyOcrReader({ cacheDir: path.join(config.dataDir, 'ocr-cache') });
    ocr = deps.metrics ? withOcrTiming(reader, deps.metrics) : reader;
    await startScreenshotAnalysis({ db: database.db, jobs, ocr, storage: deps.storage, log });
  }
  if (choice.platformSync) {
    await startPlatformSync({ ...platformDepsOf(config, database.db, now, jobs), jobs, log });
    await startAlertScan({ db: database.db, jobs, cron, log, now });
    await startShiftDetection({ db: database.db, jobs, cron, log, now });
  }
  if (choice.waitlistLapses) {
    await startWaitlistLapses({
      db: database.db,
      jobs,
      now,
      log,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
    });
  }
  if (choice.fxRates) {
    await startFxRates({
      db: database.db,
      jobs,
      url: config.FX_RATES_URL,
      log,
      metrics: deps.metrics,
      afterNewDays: () => revalueProvisionalEntries(database.db),
    });
  }
  return {
    async stop() {
      await ocr?.close();
      await delivery?.stop();
    },
  };
}
