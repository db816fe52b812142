import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import type { Config } from '../config';
import { type JobMetrics, startJobs } from './boss';
import { DELIVERY_NICENESS, type FromDeliveryThread, type ToDeliveryThread } from './delivery-messages';
import { type DeliveryLog, type OutboxDeliveryOptions, startOutboxDelivery } from './outbox-delivery';

/**
 * The outbox's delivery in a thread of its own (decision 055), started and supervised by
 * `delivery-host.ts`: sending email, calling the CRM and marking rows never takes a turn of the event
 * loop that answers requests. Everything it says goes to the host, which logs and counts it as its own.
 */
export type DeliveryThreadData = {
  config: Config;
  databaseUrl: string;
  options: OutboxDeliveryOptions;
};

const port = parentPort;
if (!port) throw new Error('delivery-thread.ts runs as a worker thread; start it through delivery-host.ts');
const { config, databaseUrl, options } = workerData as DeliveryThreadData;
const say = (message: FromDeliveryThread) => port.postMessage(message);

/** A log line's context as plain data: an error as pino would print it (a socket on it cannot cross). */
function plain(context: unknown): unknown {
  if (typeof context !== 'object' || context === null) return context;
  const { err, ...rest } = context as { err?: unknown };
  return err instanceof Error ? { ...rest, err: pino.stdSerializers.err(err) } : context;
}

function sayLine(level: 'info' | 'warn' | 'error', first: unknown, second?: unknown) {
  const line: FromDeliveryThread =
    typeof first === 'string'
      ? { kind: 'log', level, message: first }
      : { kind: 'log', level, context: plain(first), message: String(second ?? '') };
  try {
    say(line);
  } catch {
    // Something in the context that cannot be copied to the host: the line without it.
    say({ kind: 'log', level, message: line.message });
  }
}

const log = {
  info: (first: unknown, second?: unknown) => sayLine('info', first, second),
  warn: (first: unknown, second?: unknown) => sayLine('warn', first, second),
  error: (first: unknown, second?: unknown) => sayLine('error', first, second),
} as DeliveryLog;

const metrics: JobMetrics = {
  countJobFailure: (queue) => say({ kind: 'job-failed', queue }),
  observeJob: (queue, seconds) => say({ kind: 'job-timed', queue, seconds }),
};

const jobs = await startJobs(databaseUrl, {
  isWorkerOnly: true,
  metrics,
  onError: (error) => log.error({ err: error }, 'job queue error in the delivery thread'),
});
const delivery = await startOutboxDelivery({ config, databaseUrl, jobs, log }, options);

port.on('message', async (message: ToDeliveryThread) => {
  if (message.kind !== 'stop') return;
  // The queue stops handing out jobs and waits for the batch in hand; then the SMTP pool and the
  // delivery's own database pool close, and the thread ends with nothing left on its loop.
  await jobs.stop({ graceful: true, timeout: message.timeoutMs, wait: true });
  await delivery.stop();
  say({ kind: 'stopped' });
  port.close();
});
try {
  // Relative to the process's own (a thread starts at its creator's): 19 is the lowest there is.
  os.setPriority(0, Math.min(19, os.getPriority(0) + DELIVERY_NICENESS));
} catch {
  // Not allowed here (a container without the capability to renice): delivery runs at the same priority.
}
say({ kind: 'ready', niceness: os.getPriority(0) });
