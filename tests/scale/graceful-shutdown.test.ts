import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { type Outcome, startLoad } from '../support/load';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { requestsTo } from '../support/server-requests';
import { waitUntil } from '../support/wait';
import { nextVisitorAddress } from '../support/waitlist';

/**
 * SIGTERM (a deploy, a scale-in) under a steady load: what the server had already accepted is answered
 * in full; what arrives once it is stopping is turned away in a way a load balancer retries elsewhere.
 * The server runs as `npm start` does, on its own embedded PostgreSQL, and stops that too.
 */
const IN_FLIGHT = 50;
/** Fastify's answer (with Connection: close) to a request arriving while it closes: return503OnClosing. */
const CLOSING_503 = '{"error":"Service Unavailable","message":"Service Unavailable","statusCode":503}';
/**
 * Ways a request can be turned away without being read: the port no longer listens, or the server
 * closed a kept-alive connection (idle from its side) just as the request was sent on it.
 */
const NOT_READ = new Set(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE']);

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-graceful-'));
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  if (existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) {
    await (await startServerProcess({ DATA_DIR: dataDir })).stop('SIGTERM');
  }
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

/** What /readyz answers once SIGTERM has come: not ready, so a load balancer sends no more. */
const STOPPING_503 = '{"status":"stopping"}';

function isTurnedAway(outcome: Outcome): boolean {
  if (outcome.failure) return NOT_READ.has(outcome.failure);
  if (outcome.key === '/readyz' && outcome.status === 503 && outcome.body === STOPPING_503) return true;
  return (
    outcome.status === 503 && outcome.body === CLOSING_503 && outcome.headers?.get('connection') === 'close'
  );
}

describe('SIGTERM under load', () => {
  it('answers every accepted request, turns new ones away cleanly, and exits 0', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
    const running = server;
    const client = requestsTo(running.baseUrl);
    // Half signups (written under the counter lock), half reads: from memory, and through the database.
    const load = startLoad({
      concurrency: IN_FLIGHT,
      pauseAfterFailureMs: 20,
      nextRequest: (index) => {
        if (index % 2 === 0) {
          const email = `steady.${index}@ballast.test`;
          return {
            kind: 'signup',
            key: email,
            send: () =>
              client.request('/api/waitlist/signup', {
                method: 'POST',
                json: { email },
                headers: { 'x-forwarded-for': nextVisitorAddress() },
              }),
          };
        }
        const pathname = index % 4 === 1 ? '/api/waitlist/counters' : '/readyz';
        return { kind: 'read', key: pathname, send: () => client.request(pathname) };
      },
    });
    await waitUntil(() => load.answered() >= 400, 30_000, 'the load to be in full flow');

    const sigtermAt = performance.now();
    running.child.kill('SIGTERM');
    const exitCode = await running.exited;
    const outcomes = await load.stop();

    expect(exitCode).toBe(0);
    // An ordinary stop logs no errors (connections closing as the database stops used to log some).
    const errorLines = running
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    expect(errorLines).toEqual([]);
    // The database was stopped cleanly too.
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);

    // Answered: never a 5xx of our own. Turned away: only once the server was stopping.
    const answered = outcomes.filter((outcome) => !isTurnedAway(outcome));
    const turnedAway = outcomes.filter(isTurnedAway);
    expect(answered.filter((outcome) => outcome.status === undefined || outcome.status >= 500)).toEqual([]);
    expect(turnedAway.filter((outcome) => outcome.settledAt < sigtermAt)).toEqual([]);
    // Requests in flight when the signal came were finished, not dropped.
    const drained = answered.filter((outcome) => outcome.sentAt < sigtermAt && outcome.settledAt > sigtermAt);
    expect(drained.length).toBeGreaterThan(0);

    // Every signup told a position holds it; none turned away was written; positions are 1..n.
    const database = await startEmbeddedPostgres({ dataDir });
    const sql = new pg.Client({ connectionString: database.url });
    try {
      await sql.connect();
      const { rows } = await sql.query<{ email: string; position: number }>(
        'SELECT email, position FROM waitlist_signups ORDER BY position',
      );
      const told = new Map(
        answered
          .filter((outcome) => outcome.kind === 'signup')
          .map((outcome) => [outcome.key, (JSON.parse(outcome.body!) as { position: number }).position]),
      );
      expect(rows.map((row) => row.position)).toEqual(rows.map((_, index) => index + 1));
      expect(new Map(rows.map((row) => [row.email, row.position]))).toEqual(told);
    } finally {
      await sql.end();
      await database.stop();
    }
  }, 90_000);
});
