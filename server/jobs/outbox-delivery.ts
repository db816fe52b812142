import type PgBoss from 'pg-boss';
import type { BaseLogger } from 'pino';
import type { Config } from '../config';
import { connectDatabase } from '../db/client';
import { createCrmClient } from '../integrations/crm/client';
import { DeliveryError } from '../integrations/delivery-error';
import { createEmailSender } from '../integrations/email/email-sender';
import { keptAfterDelivery, type OutboundMessage } from '../integrations/outbound-message';
import { type Jobs, QUEUES, work } from './boss';
import { type Deliverers, deliverMessage, suppressibleAddresses } from './deliver-message';
import { devMailboxWriter } from './dev-mailbox';
import type { OutboxDeliveryJob } from './outbox';
import {
  findOutboxMessages,
  markOutboxDelivered,
  markOutboxFailed,
  markOutboxSkipped,
  recordOutboxFailure,
} from './outbox-store';
import { listenForOutboxWakeUps } from './outbox-wake-up';
import { findSuppressedEmails } from './suppression-store';

export type DeliveryLog = Pick<BaseLogger, 'info' | 'warn' | 'error'>;

/**
 * Messages of one channel in flight at once, per instance. EmailJS and a CRM answer a few calls at a time
 * well and a hundred badly (and may count them against a rate limit); SMTP shares one pooled transport.
 */
export const CHANNEL_CONCURRENCY: Record<OutboundMessage['channel'], number> = { email: 8, crm: 4 };

/**
 * A batch must end before its jobs expire (the queue's `expireInSeconds`, 120 s), or pg-boss hands them
 * to another worker while this one still sends them. With every call running to its timeout (SMTP's
 * 30 s socket, the CRM's 10 s), 24 jobs take at most 24 / 8 × 30 s = 90 s for email and 24 / 4 × 10 s
 * = 60 s for the CRM.
 */
export const DELIVERY_BATCH_SIZE = 24;

/** `work` on every item, never more than `limit` at once, in order of the list. */
async function eachAtMost<T>(limit: number, items: readonly T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export type OutboxDeliveryOptions = {
  /** How often an idle worker looks for due jobs (retries come due without a wake-up). */
  pollingIntervalSeconds?: number;
  /**
   * Jobs fetched and delivered together (DELIVERY_BATCH_SIZE): a burst of signups costs a few statements
   * a batch, not a few a message, and pg-boss's fetch, which reads every queued job to pick the oldest,
   * runs a fraction as often as the jobs arrive.
   */
  batchSize?: number;
  /** Test hooks: shorter waits for the external data service and EmailJS. */
  crmTimeoutMs?: number;
  emailJsTimeoutMs?: number;
};

export type OutboxDelivery = { stop(): Promise<void> };

type DeliveryJob = PgBoss.JobWithMetadata<OutboxDeliveryJob>;
type OutboxRow = Awaited<ReturnType<typeof findOutboxMessages>>[number];

function describe(message: OutboundMessage): string {
  return message.channel === 'email' ? `the ${message.template} email` : `the copy to ${message.path}`;
}

/**
 * The delivery side of the outbox. Each job names an outbox row; a row that is no longer pending
 * (delivered, skipped, failed) is left alone, so a job run twice sends once. A failure is recorded on the
 * row and handed back to pg-boss, which retries with backoff; after the last retry the row is marked
 * failed for operators (docs/operations.md).
 */
export async function startOutboxDelivery(
  deps: { config: Config; databaseUrl: string; jobs: Jobs; log: DeliveryLog },
  options: OutboxDeliveryOptions = {},
): Promise<OutboxDelivery> {
  const { config, jobs, log } = deps;
  const batchSize = options.batchSize ?? DELIVERY_BATCH_SIZE;
  // A pool of its own, sized to the batch: a burst of deliveries must never hold the connections
  // request handlers need (a signup waiting on a free connection is a signup answered late).
  const ownPool = connectDatabase(deps.databaseUrl, {
    max: Math.max(2, Math.min(batchSize, 5)),
    onError: (error) => log.error({ err: error }, 'delivery database connection error'),
    // The app's query deadline: a database that stops answering fails a delivery's statement, which
    // is retried, instead of holding the worker for ever.
    deadlineMs: config.DATABASE_TIMEOUT_SECONDS * 1000,
  });
  const db = ownPool.db;
  const email = createEmailSender({
    config,
    log,
    storeInDevMailbox: devMailboxWriter(db),
    emailJsTimeoutMs: options.emailJsTimeoutMs,
  });
  const deliverers: Deliverers = {
    email,
    crm: config.CRM_API_URL
      ? createCrmClient({
          url: config.CRM_API_URL,
          apiKey: config.CRM_API_KEY,
          timeoutMs: options.crmTimeoutMs,
        })
      : undefined,
  };
  for (const line of email.describe()) log[line.level](line.message);
  if (!deliverers.crm) {
    log.info(
      'External data service: not configured (CRM_API_URL): copies of signups, messages and accounts are skipped',
    );
  }

  /** One attempt at one pending row: its outcome, or null when the failure was recorded and handled. */
  async function tryDelivery(job: DeliveryJob, row: OutboxRow, suppressed: ReadonlySet<string>) {
    const attempt = job.retryCount + 1;
    const attemptsLeft = job.retryLimit - job.retryCount;
    try {
      return { row, outcome: await deliverMessage(row.payload, row.id, deliverers, suppressed) };
    } catch (error) {
      const isPermanent = error instanceof DeliveryError && error.isPermanent;
      const isFinal = isPermanent || attemptsLeft <= 0;
      const text = error instanceof Error ? error.message : String(error);
      const context = {
        outboxId: row.id,
        attempt,
        kind: error instanceof DeliveryError ? error.kind : undefined,
      };
      await recordOutboxFailure(db, row.id, text, isFinal);
      if (isFinal) {
        log.error(
          context,
          `Gave up on ${describe(row.payload)} after attempt ${attempt}: ${text}. It is marked failed; see docs/operations.md to retry it`,
        );
        // A permanent failure ends here; the last of the retries still fails its job, as pg-boss expects.
        if (isPermanent) return null;
        throw error;
      }
      const retryAfter = error instanceof DeliveryError ? error.retryAfterSeconds : undefined;
      if (retryAfter) {
        // Later than the queue's backoff would retry: a new job for the same row with the retries left.
        await jobs.send(QUEUES.outboxDelivery, { outboxId: row.id } satisfies OutboxDeliveryJob, {
          startAfter: retryAfter,
          retryLimit: attemptsLeft - 1,
        });
        log.warn(
          context,
          `Delivery of ${describe(row.payload)} failed (attempt ${attempt}): ${text}; next try in ${retryAfter} s`,
        );
        return null;
      }
      log.warn(
        context,
        `Delivery of ${describe(row.payload)} failed (attempt ${attempt}): ${text}; retrying with backoff`,
      );
      throw error;
    }
  }

  /**
   * One message through to its mark: sent (or skipped) and marked at once, so a failure elsewhere in
   * the batch can never send it again. A mark that fails fails this job alone, which is retried; the
   * row is still pending then, so the retry sends it again (at least once, as ever).
   */
  async function deliverOne(job: DeliveryJob, row: OutboxRow, suppressed: ReadonlySet<string>) {
    const result = await tryDelivery(job, row, suppressed);
    if (!result) return;
    const { outcome } = result;
    if (outcome.status === 'delivered') {
      await markOutboxDelivered(db, [
        { id: row.id, via: outcome.via, keptPayload: keptAfterDelivery(row.payload) },
      ]);
      return;
    }
    await markOutboxSkipped(db, [{ id: row.id, note: outcome.note }]);
    // Copies skipped for want of CRM_API_URL were announced once at start-up; each row keeps its note.
    if (row.payload.channel !== 'crm' || deliverers.crm)
      log.info({ outboxId: row.id }, `Skipped ${describe(row.payload)}: ${outcome.note}`);
  }

  /**
   * A batch of jobs: their rows and the suppression list are read in one statement each; the messages go
   * out a few at a time per channel (CHANNEL_CONCURRENCY), each marked as it is sent. A job whose row
   * is not pending any more (delivered, skipped, failed) is left alone, so a job run twice sends once.
   * One failure does not fail the others: a job that failed is failed on its own.
   */
  async function deliverBatch(batch: DeliveryJob[]) {
    const rows = new Map(
      (
        await findOutboxMessages(
          db,
          batch.map((job) => job.data.outboxId),
        )
      ).map((row) => [row.id, row]),
    );
    const due = batch.flatMap((job) => {
      const row = rows.get(job.data.outboxId);
      if (!row) log.warn({ outboxId: job.data.outboxId }, 'Outbox message not found; nothing to deliver');
      return row?.status === 'pending' ? [{ job, row }] : [];
    });
    const suppressed = await findSuppressedEmails(
      db,
      suppressibleAddresses(due.map(({ row }) => row.payload)),
    );
    const failed: { job: DeliveryJob; error: unknown }[] = [];
    const byChannel = new Map<OutboundMessage['channel'], typeof due>();
    for (const message of due)
      byChannel.set(message.row.payload.channel, [
        ...(byChannel.get(message.row.payload.channel) ?? []),
        message,
      ]);
    await Promise.all(
      [...byChannel].map(([channel, messages]) =>
        eachAtMost(CHANNEL_CONCURRENCY[channel], messages, ({ job, row }) =>
          deliverOne(job, row, suppressed).catch((error: unknown) => {
            failed.push({ job, error });
          }),
        ),
      ),
    );
    for (const { job, error } of failed) {
      await jobs.fail(QUEUES.outboxDelivery, job.id, {
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  const workerId = await work<OutboxDeliveryJob>(
    jobs,
    QUEUES.outboxDelivery,
    { includeMetadata: true, batchSize, pollingIntervalSeconds: options.pollingIntervalSeconds ?? 0.5 },
    async (batch) => {
      // pg-boss completes every job of the batch not failed above when this returns.
      await deliverBatch(batch);
      // A full batch suggests more are waiting: fetch again without waiting for the poll.
      if (batch.length === batchSize) jobs.notifyWorker(workerId);
    },
  );

  await work<OutboxDeliveryJob>(jobs, QUEUES.outboxFailed, { pollingIntervalSeconds: 5 }, async ([job]) => {
    // Only a job that ended without the worker's word gets here unmarked (say a process killed mid-attempt).
    if (!job) return;
    await markOutboxFailed(
      db,
      job.data.outboxId,
      'The last delivery attempt did not finish (process stopped or timed out).',
    );
  });

  const wakeUps = listenForOutboxWakeUps(deps.databaseUrl, () => jobs.notifyWorker(workerId), log);

  return {
    async stop() {
      await wakeUps.close();
      email.close();
      await ownPool.close();
    },
  };
}
