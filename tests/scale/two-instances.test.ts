import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AlertPage } from '@common/alerts';
import { countersForTotal, tierForPosition } from '@common/waitlist';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../server/db/client';
import { lapseHeldPlaces } from '../../server/features/waitlist/confirm-service';
import { startJobs } from '../../server/jobs/boss';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { mapWithConcurrency } from '../support/load';
import { givePaidPlan } from '../support/plans';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { requestsTo } from '../support/server-requests';
import { startTestSmtpServer, type TestSmtpServer } from '../support/smtp';
import { as, signUpUser } from '../support/users';
import { waitUntil } from '../support/wait';
import { confirmLinkOf, nextVisitorAddress, readCounters, signUp } from '../support/waitlist';

/**
 * Two real app processes on one PostgreSQL, as behind a load balancer (ARCHITECTURE.md). Nothing but the
 * database is shared: positions, jobs and live alerts must hold across them.
 */
const SIGNUPS = 1000;
const IN_FLIGHT = 40;

let database: TestDatabase;
let sql: pg.Pool;
let smtp: TestSmtpServer;
let dataDir: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  smtp = await startTestSmtpServer();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-two-instances-'));
  servers = await Promise.all(
    ['first', 'second'].map(async (name) =>
      startServerProcess({
        DATABASE_URL: database.url,
        DATA_DIR: await mkdtemp(path.join(dataDir, `${name}-`)),
        // Instances behind one load balancer share the session secret and trust its X-Forwarded-For.
        SESSION_SECRET: 'two-instances-secret-two-instances-secret',
        TRUST_PROXY: 'true',
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
      }),
    ),
  );
}, 120_000);

afterAll(async () => {
  const codes = await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  await sql?.end();
  await database?.drop();
  await smtp?.close();
  await rm(dataDir, { recursive: true, force: true });
  expect(codes).toEqual(servers.map(() => 0));
});

type Answer = { email: string; status: number; position: number; tier: string };

describe('two app processes on one database', () => {
  let answers: Answer[];

  it('hold positions 1..1000 once each between them, in the order signups came', async () => {
    const emails = Array.from({ length: SIGNUPS }, (_, index) => `scale.${index}@ballast.test`);
    // Alternating, as a round-robin load balancer would; each signup from a visitor address of its own.
    answers = await mapWithConcurrency(emails, IN_FLIGHT, async (email, index) => {
      const server = servers[index % servers.length]!;
      const response = await signUp(requestsTo(server.baseUrl), { email });
      const body = (await response.json()) as { position: number; tier: string };
      return { email, status: response.status, ...body };
    });
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const positions = answers.map((answer) => answer.position).sort((a, b) => a - b);
    expect(positions).toEqual(Array.from({ length: SIGNUPS }, (_, index) => index + 1));
    for (const answer of answers) expect(answer.tier).toBe(tierForPosition(answer.position));

    // What each visitor was told is what the database holds.
    const { rows } = await sql.query<{ email: string; position: number; tier: string }>(
      'SELECT email, position, tier FROM waitlist_signups ORDER BY position',
    );
    expect(rows).toEqual(
      [...answers]
        .sort((a, b) => a.position - b.position)
        .map(({ email, position, tier }) => ({ email, position, tier })),
    );
  }, 60_000);

  it('keep exactly the places confirmed through either, while held ones lapse, within 50 free and 500 £5', async () => {
    expect(answers).toHaveLength(SIGNUPS);
    // Three in ten are past their 48 hours; the others are confirmed, alternately through each process,
    // while the lapse job runs again and again beside them (through this process's own connection).
    const due = answers.filter((_, index) => [3, 7, 9].includes(index % 10)).map((answer) => answer.email);
    await sql.query(
      "UPDATE waitlist_signups SET lapses_at = now() - interval '1 second' WHERE email = ANY($1::text[])",
      [due],
    );
    const db = connectDatabase(database.url, { max: 2, onError: () => {} });
    const jobs = await startJobs(database.url);
    const deps = { db: db.db, jobs, now: () => new Date(), secret: 'unused', publicUrl: 'http://unused' };
    let lapsing = true;
    const lapses = (async () => {
      let lapsed = 0;
      while (lapsing) lapsed += (await lapseHeldPlaces(deps)).lapsed;
      return lapsed + (await lapseHeldPlaces(deps)).lapsed;
    })();
    const confirmed = await mapWithConcurrency(answers, IN_FLIGHT, async ({ email }, index) => {
      const { pathname, search } = new URL(await confirmLinkOf(sql, email));
      const response = await requestsTo(servers[index % servers.length]!.baseUrl).request(
        `${pathname}${search}`,
        {
          method: 'POST',
          headers: { 'x-forwarded-for': nextVisitorAddress() },
        },
      );
      return { email, status: response.status };
    });
    lapsing = false;
    const lapsed = await lapses;
    await jobs.stop({ graceful: false });
    await db.close();

    // A due place is never kept; every other one is.
    const dueSet = new Set(due);
    expect(confirmed.filter((one) => one.status !== (dueSet.has(one.email) ? 400 : 200))).toEqual([]);
    // The processes run the lapse job on their own schedule too: between them, every due place lapsed.
    expect(lapsed).toBeLessThanOrEqual(due.length);
    const { rows } = await sql.query<{ email: string; position: number | null; tier: string; kept: boolean }>(
      'SELECT email, position, tier, confirmed_at IS NOT NULL AS kept FROM waitlist_signups ORDER BY position',
    );
    const live = rows.filter((row) => row.position !== null);
    const kept = SIGNUPS - due.length;
    expect(live.map((row) => row.position)).toEqual(Array.from({ length: kept }, (_, index) => index + 1));
    expect(live.every((row) => row.kept && row.tier === tierForPosition(row.position!))).toBe(true);
    // Everyone kept their order, moved up past those who lapsed.
    expect(live.map((row) => row.email)).toEqual(
      [...answers]
        .sort((a, b) => a.position - b.position)
        .map((a) => a.email)
        .filter((email) => !dueSet.has(email)),
    );
    const byTier = (tier: string) => live.filter((row) => row.tier === tier).length;
    expect([byTier('free'), byTier('lifetime_paid')]).toEqual([50, 500]);
    // Both processes come to show the counts the database holds.
    for (const server of servers) {
      const client = requestsTo(server.baseUrl);
      await waitUntil(
        async () => (await readCounters(client)).totalSignups === kept,
        30_000,
        `${server.baseUrl} to count every place kept`,
      );
      expect(await readCounters(client)).toEqual(countersForTotal(kept));
    }
  }, 120_000);

  it('deliver each welcome email once, though both run delivery workers on the same queue', async () => {
    expect(answers).toHaveLength(SIGNUPS);
    await smtp.waitForMail(SIGNUPS, 60_000);
    // Every delivery job has finished: nothing more can arrive, so the counts below are final.
    await waitUntil(
      async () => {
        const { rows } = await sql.query(
          `SELECT 1 FROM pgboss.job WHERE name = 'outbox-delivery'
           AND state NOT IN ('completed', 'failed', 'cancelled') LIMIT 1`,
        );
        return rows.length === 0;
      },
      30_000,
      'every delivery job to finish',
    );

    const welcomesTo = new Map<string, number>();
    for (const mail of smtp.received) {
      for (const to of mail.recipients) welcomesTo.set(to, (welcomesTo.get(to) ?? 0) + 1);
    }
    expect(smtp.received).toHaveLength(SIGNUPS);
    expect([...welcomesTo.values()].every((count) => count === 1)).toBe(true);
    expect([...welcomesTo.keys()].sort()).toEqual(answers.map((answer) => answer.email).sort());
    const messageIds = new Set(smtp.received.map((mail) => mail.parsed.messageId));
    expect(messageIds.size).toBe(SIGNUPS);

    // One job per outbox row, run once: no retry, no second job, every welcome marked delivered.
    const { rows } = await sql.query<{ status: string; jobs: number; attempts: number }>(
      `SELECT m.status, count(j.id)::int AS jobs, coalesce(max(j.retry_count), 0)::int AS attempts
       FROM outbox_messages m
       LEFT JOIN pgboss.job j ON j.name = 'outbox-delivery' AND j.data->>'outboxId' = m.id::text
       WHERE m.payload->>'template' = 'waitlist-welcome'
       GROUP BY m.id, m.status`,
    );
    expect(rows).toHaveLength(SIGNUPS);
    expect(rows.filter((row) => row.status !== 'delivered' || row.jobs !== 1 || row.attempts !== 0)).toEqual(
      [],
    );
  }, 90_000);

  it('stream an alert raised through one process to a dashboard connected to the other', async () => {
    const [first, second] = servers.map((server) => requestsTo(server.baseUrl)) as [
      ReturnType<typeof requestsTo>,
      ReturnType<typeof requestsTo>,
    ];
    const user = await signUpUser(first);
    // The live stream comes with The Guardian.
    await givePaidPlan({ database: { pool: sql } }, user.id, 'guardian');
    const onFirst = as(first, user);
    // Last month's: the monthly income the health check reads counts complete months only.
    const today = new Date();
    const lastMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 15))
      .toISOString()
      .slice(0, 10);
    const revenue = await onFirst('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: lastMonth },
    });
    expect(revenue.status).toBe(201);

    // The dashboard is open on the second process before anything happens.
    const stream = await as(second, user)('/api/alerts/stream');
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let received = '';
    const reading = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
      }
    })();
    await waitUntil(() => received.includes(': connected'), 5_000, 'the stream to open');

    // All revenue from one algorithm-fed source: the health check raises a dependency alert.
    expect((await onFirst('/api/health-check', { method: 'POST' })).status).toBe(200);
    const { alerts } = (await (await onFirst('/api/alerts')).json()) as AlertPage;
    const alert = alerts.find((item) => item.title.startsWith('Algorithm dependency'));
    expect(alert).toBeDefined();

    await waitUntil(() => received.includes(alert!.id), 10_000, 'the alert on the other process’s stream');
    expect(received).toContain('event: alert');
    await reader.cancel();
    await reading.catch(() => {});
  }, 30_000);
});
