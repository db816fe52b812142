import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { waitForDeliveryToSettle } from '../../tests/support/outbox';
import { ignoreDroppedConnection } from '../../tests/support/pool-errors';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';
import { startTestSmtpServer, type TestSmtpServer } from '../../tests/support/smtp';
import { waitUntil } from '../../tests/support/wait';
import { connectDatabase, type DatabaseConnection } from '../db/client';
import type { OutboundMessage } from '../integrations/outbound-message';
import { type Jobs, startJobs } from './boss';
import { enqueueOutbound } from './outbox';
import { findOutboxMessage } from './outbox-store';

let testDatabase: TestDatabase;
let database: DatabaseConnection;
let jobs: Jobs;
let smtp: TestSmtpServer;
let dataDir: string;
const running: ServerProcess[] = [];

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = connectDatabase(testDatabase.url, { max: 2, onError: ignoreDroppedConnection });
  // Only to enqueue, as a request handler would; this instance runs no workers.
  jobs = await startJobs(testDatabase.url);
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-restart-'));
});

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
});

afterAll(async () => {
  await jobs?.stop({ graceful: false, wait: true });
  await database?.close();
  await testDatabase?.drop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The real server process, as `npm start` runs it, on a test database it shares with this test. */
async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({
    DATABASE_URL: testDatabase.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
  });
  running.push(server);
  return server;
}

const magicLink = (to: string): OutboundMessage => ({
  channel: 'email',
  template: 'magic-link',
  to,
  url: 'http://x.test/in',
});

const mailsWithId = (id: string) =>
  smtp.received.filter((mail) => mail.parsed.messageId?.startsWith(`<${id}@`));

describe('a server restart', () => {
  it('delivers what was committed while no server ran', async () => {
    const ids = await database.db.transaction((tx) =>
      enqueueOutbound(jobs, tx, [
        magicLink('one@creator.test'),
        magicLink('two@creator.test'),
        magicLink('three@creator.test'),
      ]),
    );
    await startServer();
    await waitUntil(() => ids.every((id) => mailsWithId(id).length === 1), 20_000, 'the three emails');
    for (const id of ids) {
      await waitUntil(
        async () => (await findOutboxMessage(database.db, id))?.status === 'delivered',
        5_000,
        id,
      );
    }
  });

  it('loses nothing when the server stops mid-delivery, and sends it once after the restart', async () => {
    const first = await startServer();
    const held = smtp.holdNext();
    const [id] = await database.db.transaction((tx) =>
      enqueueOutbound(jobs, tx, [magicLink('mid@creator.test')]),
    );
    // The SMTP server has the message but has not accepted it: the delivery is in flight.
    await held;
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(mailsWithId(id!)).toHaveLength(0);
    expect((await findOutboxMessage(database.db, id!))?.status).toBe('pending');

    await startServer();
    await waitUntil(() => mailsWithId(id!).length === 1, 30_000, 'the email after the restart');
    await waitUntil(
      async () => (await findOutboxMessage(database.db, id!))?.status === 'delivered',
      5_000,
      'delivered',
    );
    await waitForDeliveryToSettle(database.pool, id!);
    expect(mailsWithId(id!)).toHaveLength(1);
  }, 90_000);
});
