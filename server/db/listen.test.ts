import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { waitUntil } from '../../tests/support/wait';
import { listenToChannel } from './listen';

const APPLICATION_NAME = 'ballast-listen-test';
let database: TestDatabase;
let admin: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await database?.drop();
});

const listeners = async () =>
  (
    await admin.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
      [APPLICATION_NAME],
    )
  ).rows[0]!.n;

it('hears notifications, reconnects when its connection is killed, and catches up each time', async () => {
  const heard: (string | undefined)[] = [];
  const warnings: string[] = [];
  let listeningCount = 0;
  const listener = listenToChannel({
    url: database.url,
    channel: 'listen_test',
    applicationName: APPLICATION_NAME,
    log: { warn: (_: unknown, message?: string) => void warnings.push(String(message)) },
    onNotification: (payload) => void heard.push(payload),
    onListening: () => {
      listeningCount += 1;
    },
  });
  try {
    await listener.ready;
    expect(listeningCount).toBe(1);
    await admin.query("SELECT pg_notify('listen_test', 'one'), pg_notify('other_channel', 'not this')");
    await waitUntil(() => heard.length === 1, 5000, 'the first notification');
    expect(heard).toEqual(['one']);

    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      APPLICATION_NAME,
    ]);
    // It says so, comes back, and tells the caller to catch up on what it may have missed.
    await waitUntil(() => listeningCount === 2, 10_000, 'the listener to reconnect');
    expect(warnings.some((line) => line.includes('reconnecting'))).toBe(true);
    expect(await listeners()).toBe(1);
    await admin.query("SELECT pg_notify('listen_test', 'two')");
    await waitUntil(() => heard.length === 2, 5000, 'a notification after reconnecting');
    expect(heard).toEqual(['one', 'two']);
  } finally {
    await listener.close();
  }
  await waitUntil(async () => (await listeners()) === 0, 5000, 'the listener to close');
});

it('keeps retrying, with a warning each time, while the database cannot be reached', async () => {
  let listeningCount = 0;
  const warnings: string[] = [];
  const unreachable = database.url.replace(/:\d+\//, ':1/');
  const listener = listenToChannel({
    url: unreachable,
    channel: 'listen_test',
    applicationName: APPLICATION_NAME,
    log: { warn: (_: unknown, message?: string) => void warnings.push(String(message)) },
    onNotification: () => {},
    onListening: () => {
      listeningCount += 1;
    },
  });
  await listener.ready;
  await waitUntil(() => warnings.length >= 2, 5000, 'a second attempt');
  await listener.close();
  expect(listeningCount).toBe(0);
});
