import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { freePort } from '../support/free-port';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { requestsTo } from '../support/server-requests';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';
import { as, signUpUser, type TestUser } from '../support/users';
import { waitUntil } from '../support/wait';
import { readCounters, signUp } from '../support/waitlist';

/**
 * The database goes away under a running server and comes back (a failover, a restart, a network cut).
 * A proxy between the two stands in for the database: cut, it drops every connection and refuses new
 * ones, as a stopped PostgreSQL does; stalled, it keeps them open and passes nothing, as a network
 * partition does. Nothing here is timed: a request that hung instead of answering fails the test by
 * never settling.
 */
let database: TestDatabase;
let proxy: TcpProxy;
let smtp: TestSmtpServer;
let dataDir: string;
let server: ServerProcess;
let client: ReturnType<typeof requestsTo>;
let creator: TestUser;
let metricsUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-outage-'));
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  server = await startServerProcess({
    METRICS_PORT: String(metricsPort),
    // Short, so the partition below ends in seconds; long enough for connections on a busy machine.
    DATABASE_TIMEOUT_SECONDS: '3',
    DATABASE_URL: proxied.toString(),
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'warn',
  });
  client = requestsTo(server.baseUrl);
  creator = await signUpUser(client);
  // Its confirmation email is out of the way before the test holds the next message at the SMTP server.
  await smtp.waitForMailTo(creator.email, /Confirm your email address/);
}, 120_000);

afterAll(async () => {
  await proxy?.restore();
  const code = await server?.stop('SIGTERM');
  await proxy?.close();
  await database?.drop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
  expect(code).toBe(0);
}, 60_000);

async function answer(send: () => Promise<Response>) {
  const response = await send();
  return { status: response.status, text: await response.text() };
}

/** The app pool's open connections, as its metrics report them. */
async function poolConnections(): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text
    .split('\n')
    .find((entry) => entry.startsWith('ballast_db_pool_connections{state="total"}'));
  return Number(line?.split(' ')[1]);
}

/** Everything that needs the database answers 503 with a sentence; the rest carries on. */
async function expectDatabaseUnavailable(email: string) {
  const onCreator = as(client, creator);
  const [signup, revenue, user, ready, health, counters] = await Promise.all([
    answer(() => signUp(client, { email })),
    answer(() => onCreator('/api/revenue')),
    answer(() => onCreator('/api/auth/user')),
    answer(() => client.request('/readyz')),
    answer(() => client.request('/healthz')),
    answer(() => client.request('/api/waitlist/counters')),
  ]);
  // Not 401: a creator whose session cannot be checked is not signed out.
  for (const answer of [signup, revenue, user]) {
    expect({ status: answer.status, body: JSON.parse(answer.text) }).toEqual({
      status: 503,
      body: { error: 'UNAVAILABLE', message: expect.stringMatching(/try again/i) },
    });
  }
  expect(JSON.parse(signup.text).message).not.toMatch(/ECONN|terminated|pg|postgres|127\.0\.0\.1/i);
  expect(ready.status).toBe(503);
  expect(health.status).toBe(200);
  // The counters are served from memory: the public pages keep their numbers through the outage.
  expect(counters.status).toBe(200);
}

describe('the database going away and coming back', () => {
  it('answers 503 promptly while it is gone, and recovers by itself when it returns', async () => {
    // The first signup's welcome is held at the SMTP server: its delivery is in flight when the
    // database goes, and finishes while it is gone, so the job cannot be marked done.
    const held = smtp.holdNextUntilReleased();
    const first = await signUp(client, { email: 'before@ballast.test' });
    expect(await first.json()).toMatchObject({ position: 1 });
    const release = await held;
    const pid = server.child.pid;

    await proxy.cut();
    release();
    await waitUntil(
      () => smtp.received.some((mail) => mail.recipients.includes('before@ballast.test')),
      5_000,
      'the held welcome to be accepted',
    );
    // Marking that job done fails now (reported as a job queue error); the server must live through it.
    await waitUntil(
      () => server.output().includes('job queue error') || server.child.exitCode !== null,
      20_000,
      'the job update to fail',
    );
    expect(server.child.exitCode, server.output()).toBeNull();
    // At once (pooled connections have just been dropped), and once the pool holds none, so every
    // query needs a new connection and is refused.
    await expectDatabaseUnavailable('during.first@ballast.test');
    await waitUntil(async () => (await poolConnections()) === 0, 20_000, 'the pool to be empty');
    await expectDatabaseUnavailable('during.second@ballast.test');
    expect(server.child.exitCode).toBeNull();

    await proxy.restore();
    await waitUntil(
      async () => (await client.request('/readyz')).status === 200,
      15_000,
      'the server to be ready again',
    );
    const after = await signUp(client, { email: 'after@ballast.test' });
    expect(after.status).toBe(200);
    // Nothing half-written during the outage: the next signup is #2.
    expect(await after.json()).toMatchObject({ position: 2 });
    // Both places are only held (no address confirmed), so the counters count neither yet.
    expect((await readCounters(client)).totalSignups).toBe(0);
    expect((await as(client, creator)('/api/revenue')).status).toBe(200);
    // The job queue recovered too: the welcome queued after the outage is delivered.
    await waitUntil(
      () => smtp.received.some((mail) => mail.recipients.includes('after@ballast.test')),
      20_000,
      'the welcome email sent after the outage',
    );
    // The same process throughout: no restart was needed.
    expect(server.child.pid).toBe(pid);
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});

describe('a network partition: the database stops answering but keeps its connections open', () => {
  it('ends stuck queries at the deadline with a 503, and recovers when the network does', async () => {
    await waitUntil(async () => (await client.request('/readyz')).status === 200, 15_000, 'readiness');
    // Pooled connections are open and idle now; the partition leaves them open.
    expect(await poolConnections()).toBeGreaterThan(0);
    proxy.stall();
    // Without the deadline these would wait for the network to come back.
    await expectDatabaseUnavailable('partitioned@ballast.test');
    // The stuck connections were destroyed, not handed to the next request.
    await waitUntil(async () => (await poolConnections()) === 0, 20_000, 'the stuck connections to go');
    expect(server.output()).toMatch(/did not answer within 3 s/);

    await proxy.restore();
    await waitUntil(
      async () => (await client.request('/readyz')).status === 200,
      15_000,
      'the server to be ready again',
    );
    const after = await signUp(client, { email: 'after.partition@ballast.test' });
    expect(after.status).toBe(200);
    expect((await as(client, creator)('/api/revenue')).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});
