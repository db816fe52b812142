import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryEmbeddedDatabase } from '../support/embedded-database';
import { startLoad } from '../support/load';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { requestsTo } from '../support/server-requests';
import { waitUntil } from '../support/wait';
import { signUp } from '../support/waitlist';

/**
 * A server killed outright (SIGKILL, an OOM kill, a power cut) in the middle of a stream of signups:
 * whatever a visitor was told must still be true after the restart, and positions must stay gap-free.
 * The server runs as `npm start` does, on its own embedded PostgreSQL.
 */
const IN_FLIGHT = 20;
/** Answered signups before each kill, so the kill lands while the stream is in full flow. */
const ANSWERED_BEFORE_KILL = 150;

let dataDir: string;
const running: ServerProcess[] = [];
/** Every signup that was answered 200, with the position it was told. */
const told = new Map<string, number>();
/** Signups that got no answer: they may or may not have been committed before the kill. */
const unanswered = new Set<string>();
let nextEmail = 0;

async function startServer(): Promise<ServerProcess> {
  const server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
  running.push(server);
  return server;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-crash-recovery-'));
});

afterEach(async () => {
  for (const server of running.splice(0)) await server.stop('SIGKILL');
});

afterAll(async () => {
  // A server killed last (a failed test) left its PostgreSQL running: a clean start and stop ends it.
  if (existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) {
    await (await startServerProcess({ DATA_DIR: dataDir })).stop('SIGTERM');
  }
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** Signs up distinct emails, IN_FLIGHT at a time, until `kill` has been called mid-stream. */
async function signUpUntilKilled(server: ServerProcess, kill: () => void) {
  const client = requestsTo(server.baseUrl);
  const load = startLoad({
    concurrency: IN_FLIGHT,
    pauseAfterFailureMs: 50,
    nextRequest: () => {
      const email = `crash.${nextEmail++}@ballast.test`;
      return { kind: 'signup', key: email, send: () => signUp(client, { email }) };
    },
  });
  await waitUntil(() => load.answered() >= ANSWERED_BEFORE_KILL, 30_000, 'signups before the kill');
  kill();
  await server.exited;
  const outcomes = await load.stop();
  for (const outcome of outcomes) {
    if (outcome.status === 200) {
      told.set(outcome.key, (JSON.parse(outcome.body!) as { position: number }).position);
    } else {
      // The only other way a signup may end here is with no answer at all.
      expect(outcome).toMatchObject({ failure: expect.any(String) });
      unanswered.add(outcome.key);
    }
  }
  expect(outcomes.some((outcome) => outcome.failure)).toBe(true);
}

/** Every told signup is kept at its position; nothing is duplicated; positions are 1..n. */
async function expectWaitlistIntact() {
  const rows = await queryEmbeddedDatabase<{ email: string; position: number }>(
    dataDir,
    'SELECT email, position FROM waitlist_signups ORDER BY position',
  );
  expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
  const positionOf = new Map(rows.map((row) => [row.email, row.position]));
  expect(positionOf.size).toBe(rows.length);
  for (const [email, position] of told)
    expect({ email, position: positionOf.get(email) }).toEqual({ email, position });
  // Nothing the test did not send, and what got no answer either committed whole or not at all.
  for (const row of rows) expect(told.has(row.email) || unanswered.has(row.email)).toBe(true);
  const [counter] = await queryEmbeddedDatabase<{ total: number }>(
    dataDir,
    'SELECT total FROM waitlist_counter',
  );
  expect(counter?.total).toBe(rows.length);
  return rows.length;
}

/** After a restart the next signups carry on from the last position, and unanswered ones can retry. */
async function expectSignupsCarryOn(server: ServerProcess, total: number) {
  const client = requestsTo(server.baseUrl);
  const retried = [...unanswered];
  unanswered.clear();
  const stored = new Map(
    (
      await queryEmbeddedDatabase<{ email: string; position: number }>(
        dataDir,
        'SELECT email, position FROM waitlist_signups WHERE email = ANY($1)',
        [retried],
      )
    ).map((row) => [row.email, row.position]),
  );
  let next = total;
  for (const email of retried) {
    const response = await signUp(client, { email });
    expect(response.status).toBe(200);
    const { position } = (await response.json()) as { position: number };
    const kept = stored.get(email);
    if (kept === undefined) {
      expect(position).toBe(++next);
      told.set(email, position);
    } else {
      // Committed just before the kill: already on the list, so answered as a new signup would be at
      // this moment (the next place, written for nobody), and its own place stays where it was.
      expect(position).toBe(next + 1);
      told.set(email, kept);
    }
  }
  const fresh = `crash.${nextEmail++}@ballast.test`;
  const response = await signUp(client, { email: fresh });
  expect(await response.json()).toMatchObject({ position: next + 1 });
  told.set(fresh, next + 1);
  await expectWaitlistIntact();
}

describe('a crash in the middle of signups', () => {
  it('keeps every answered signup at its position when the server alone is killed', async () => {
    const server = await startServer();
    await signUpUntilKilled(server, () => server.child.kill('SIGKILL'));
    expect(told.size).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);

    // Its PostgreSQL outlived it; the restart takes it over.
    const restarted = await startServer();
    await expectSignupsCarryOn(restarted, await expectWaitlistIntact());
    expect(await restarted.stop('SIGTERM')).toBe(0);
  }, 90_000);

  it('keeps them too when the server and its database are killed together', async () => {
    const server = await startServer();
    const postmasterPid = Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );
    const before = told.size;
    await signUpUntilKilled(server, () => {
      // As an OOM kill or a power cut does: the app and the postmaster at the same instant.
      server.child.kill('SIGKILL');
      process.kill(postmasterPid, 'SIGKILL');
    });
    expect(told.size - before).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);

    // PostgreSQL replays its write-ahead log on the way up: committed signups are all there.
    const restarted = await startServer();
    await expectSignupsCarryOn(restarted, await expectWaitlistIntact());
    expect(await restarted.stop('SIGTERM')).toBe(0);
  }, 90_000);
});
