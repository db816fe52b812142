import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Config } from '../config';
import type { JobMetrics } from './boss';
import type { FromDeliveryThread, ToDeliveryThread } from './delivery-messages';
import type { DeliveryThreadData } from './delivery-thread';
import type { DeliveryLog, OutboxDelivery, OutboxDeliveryOptions } from './outbox-delivery';

/** How long a stopping thread may finish the batch in hand before it is ended where it stands. */
const STOP_TIMEOUT_MS = 10_000;
/** Waits before restarting a thread that ended on its own: doubling from the first to the last. */
const RESTART_DELAYS_MS = { first: 1_000, last: 60_000 } as const;
/** A thread that stayed up this long and then ended is restarted after the first wait again. */
const HEALTHY_AFTER_MS = 60_000;

export type DeliveryThreadHost = OutboxDelivery & {
  /** Times the thread ended on its own and was started again. */
  restarts(): number;
  /** The running thread; undefined between an unexpected end and its restart, and once stopped. */
  thread(): Worker | undefined;
  /** The nice value the running thread reported when it was ready. */
  niceness(): number | undefined;
};

/**
 * The thread's module beside this one: `delivery-thread.js` in the server bundle (both entry points of
 * scripts/build-server.mjs land in one folder). When the sources run under tsx (tests, `npm run dev`),
 * a thread does not inherit its loader, so it registers tsx before importing `delivery-thread.ts`.
 */
function threadEntry(): string | URL {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const url = new URL(`./delivery-thread${extension}`, import.meta.url);
  if (extension !== '.ts') return url;
  const tsx = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(url.href)}); })`;
}

/**
 * Runs the outbox's delivery in a worker thread (decision 055) and keeps it running: a thread that
 * ends on its own is logged and started again after a wait that doubles up to a minute. Jobs it held
 * expire and are retried by the queue, so a message is still delivered at least once. What the thread
 * logs and measures is logged and counted here, in the process's own logger and registry.
 */
export async function startDeliveryThread(
  deps: { config: Config; databaseUrl: string; log: DeliveryLog; metrics?: JobMetrics },
  options: OutboxDeliveryOptions = {},
): Promise<DeliveryThreadHost> {
  const { log, metrics } = deps;
  const data: DeliveryThreadData = { config: deps.config, databaseUrl: deps.databaseUrl, options };
  const entry = threadEntry();
  let current: Worker | undefined;
  let isStopping = false;
  let restarts = 0;
  let niceness: number | undefined;
  let nextDelayMs: number = RESTART_DELAYS_MS.first;
  let restartTimer: NodeJS.Timeout | undefined;
  /** A restart under way, which a stop waits for. */
  let starting: Promise<unknown> | undefined;

  function hear(message: FromDeliveryThread) {
    if (message.kind === 'log') {
      if (message.context === undefined) log[message.level](message.message);
      else log[message.level](message.context as object, message.message);
    } else if (message.kind === 'job-timed') {
      metrics?.observeJob(message.queue, message.seconds);
    } else if (message.kind === 'job-failed') {
      metrics?.countJobFailure(message.queue);
    }
  }

  /** A thread up and ready: resolved on its `ready`, rejected if it ends or throws first. */
  function spawn(): Promise<Worker> {
    const worker = new Worker(entry, { workerData: data, eval: typeof entry === 'string' });
    const startedAt = performance.now();
    return new Promise((resolve, reject) => {
      let isReady = false;
      worker.on('message', (message: FromDeliveryThread) => {
        if (message.kind === 'ready') {
          isReady = true;
          niceness = message.niceness;
          resolve(worker);
        }
        hear(message);
      });
      worker.on('error', (error) => {
        if (!isReady) return reject(error);
        log.error({ err: error }, 'The delivery thread failed');
      });
      worker.on('exit', (code) => {
        if (!isReady)
          return reject(new Error(`The delivery thread ended (code ${code}) before it was ready`));
        if (current === worker) current = undefined;
        if (isStopping) return;
        if (performance.now() - startedAt >= HEALTHY_AFTER_MS) nextDelayMs = RESTART_DELAYS_MS.first;
        log.error(
          `The delivery thread ended unexpectedly (code ${code}); starting it again in ${nextDelayMs / 1000} s. Messages it held are retried when their jobs expire`,
        );
        scheduleRestart();
      });
    });
  }

  function scheduleRestart() {
    const delayMs = nextDelayMs;
    nextDelayMs = Math.min(nextDelayMs * 2, RESTART_DELAYS_MS.last);
    restartTimer = setTimeout(() => {
      starting = restart().finally(() => {
        starting = undefined;
      });
    }, delayMs);
  }

  async function restart() {
    try {
      const worker = await spawn();
      if (isStopping) return await stopThread(worker);
      current = worker;
      restarts += 1;
      log.info('The delivery thread is running again');
    } catch (error) {
      if (isStopping) return;
      log.error(
        { err: error },
        `The delivery thread could not start again; next try in ${nextDelayMs / 1000} s`,
      );
      scheduleRestart();
    }
  }

  async function stopThread(worker: Worker) {
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'stop', timeoutMs: STOP_TIMEOUT_MS } satisfies ToDeliveryThread);
    const deadline = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS + 5_000);
    await exited;
    clearTimeout(deadline);
  }

  current = await spawn();
  return {
    restarts: () => restarts,
    thread: () => current,
    niceness: () => niceness,
    async stop() {
      isStopping = true;
      clearTimeout(restartTimer);
      await starting;
      if (current) await stopThread(current);
      current = undefined;
    },
  };
}
