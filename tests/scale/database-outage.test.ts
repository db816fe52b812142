import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
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
 * ones, as a stopped PostgreSQL does.
 */
const PROMPT_MS = 3_000;

let database: TestDatabase;
let proxy: TcpProxy;
let smtp: TestSmtpServer;
let dataDir: string;
let server: ServerProcess;
let client: ReturnType<typeof requestsTo>;
let creator: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port) });
  const proxied = new URL(database.url);
  proxied.port = String(proxy.port);
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-outage-'));
  server = await startServerProcess({
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

/** How long a request may take before the test stops waiting for it and calls it hung. */
const HUNG_MS = 10_000;

/** The answer and how long it took; a request that hangs is reported as hung, not left to time out. */
async function timed(send: () => Promise<Response>) {
  const startedAt = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    send().then(async (response) => ({ status: response.status, text: await response.text() })),
    new Promise<{ status: number; text: string }>((resolve) => {
      timer = setTimeout(() => resolve({ status: 0, text: '{"hung":true}' }), HUNG_MS);
    }),
  ]);
  clearTimeout(timer);
  return { ...answer, ms: performance.now() - startedAt };
}

/** Everything that needs the database answers 503 at once with a sentence; the rest carries on. */
async function expectDatabaseUnavailable(email: string) {
  const onCreator = as(client, creator);
  const [signup, revenue, user, ready, health, counters] = await Promise.all([
    timed(() => signUp(client, { email })),
    timed(() => onCreator('/api/revenue')),
    timed(() => onCreator('/api/auth/user')),
    timed(() => client.request('/readyz')),
    timed(() => client.request('/healthz')),
    timed(() => client.request('/api/waitlist/counters')),
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
  for (const answer of [signup, revenue, user, ready, health, counters])
    expect(answer.ms).toBeLessThan(PROMPT_MS);
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
    // Marking that job done fails now; the server must live through it.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(server.child.exitCode, server.output()).toBeNull();
    // At once (pooled connections have just been dropped) and a while later (new ones are refused).
    await expectDatabaseUnavailable('during.first@ballast.test');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
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
    expect((await readCounters(client)).totalSignups).toBe(2);
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
