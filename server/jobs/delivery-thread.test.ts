import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { ignoreDroppedConnection } from '../../tests/support/pool-errors';
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp';
import { waitUntil } from '../../tests/support/wait';
import { loadConfig } from '../config';
import { connectDatabase, type DatabaseConnection } from '../db/client';
import type { OutboundMessage } from '../integrations/outbound-message';
import { type Jobs, QUEUES, startJobs } from './boss';
import { type DeliveryThreadHost, startDeliveryThread } from './delivery-host';
import { DELIVERY_NICENESS } from './delivery-messages';
import { enqueueOutbound } from './outbox';
import { findOutboxMessage } from './outbox-store';

let testDatabase: TestDatabase;
let database: DatabaseConnection;
let jobs: Jobs;
let smtp: TestSmtpServer;
let dataDir: string;
let host: DeliveryThreadHost | undefined;
const lines: { level: string; message: string }[] = [];
const timed: string[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase(testDatabase.url, { max: 2, onError: ignoreDroppedConnection });
  // The process's own queue, as the server's: it sets the queues up and enqueues; the thread delivers.
  jobs = await startJobs(testDatabase.url);
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-delivery-thread-'));
});

afterAll(async () => {
  await host?.stop();
  await jobs?.stop({ graceful: false, wait: true });
  await database?.close();
  await testDatabase?.drop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const magicLink = (to: string): OutboundMessage => ({
  channel: 'email',
  template: 'magic-link',
  to,
  url: 'http://x.test/in',
});

async function sendAndAwait(to: string) {
  const [id] = await database.db.transaction((tx) => enqueueOutbound(jobs, tx, [magicLink(to)]));
  await waitUntil(
    async () => (await findOutboxMessage(database.db, id!))?.status === 'delivered',
    20_000,
    `the email to ${to} marked delivered`,
  );
  return smtp.received.filter((mail) => mail.parsed.messageId?.startsWith(`<${id}@`));
}

describe('delivery in a thread of its own', () => {
  it('delivers, is started again when it ends, and stops when asked', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: testDatabase.url,
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
    });
    const log = (level: string) => (first: unknown, second?: unknown) =>
      lines.push({ level, message: String(typeof first === 'string' ? first : second) });
    host = await startDeliveryThread(
      {
        config,
        databaseUrl: testDatabase.url,
        log: { info: log('info'), warn: log('warn'), error: log('error') },
        metrics: { observeJob: (queue) => timed.push(queue), countJobFailure: () => {} },
      },
      { pollingIntervalSeconds: 0.5 },
    );
    const first = host.thread();
    expect(first).toBeDefined();
    // It yields to the request thread: the kernel schedules it below the process's own nice value.
    expect(host.niceness()).toBe(Math.min(19, os.getPriority(0) + DELIVERY_NICENESS));
    // The thread's start-up lines reach the host's log, as its own lines would.
    expect(lines.some((line) => line.message.includes('SMTP'))).toBe(true);

    expect(await sendAndAwait('one@creator.test')).toHaveLength(1);
    // Its jobs are measured in the host's registry (once the batch ends, a moment after the mark).
    await waitUntil(() => timed.includes(QUEUES.outboxDelivery), 10_000, 'the delivery job timed');

    // A thread that ends on its own is logged and started again, and delivers as before.
    await first!.terminate();
    await waitUntil(() => host!.restarts() === 1, 10_000, 'the delivery thread started again');
    expect(lines.some((line) => line.level === 'error' && line.message.includes('ended unexpectedly'))).toBe(
      true,
    );
    expect(host.thread()).not.toBe(first);
    expect(await sendAndAwait('two@creator.test')).toHaveLength(1);

    const last = host.thread()!;
    const exited = new Promise<number>((resolve) => last.once('exit', resolve));
    await host.stop();
    // Asked to stop, it finishes and ends of itself (code 0), and is not started again.
    expect(await exited).toBe(0);
    expect(host.thread()).toBeUndefined();
    expect(host.restarts()).toBe(1);
  }, 60_000);
});
