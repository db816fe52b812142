import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { waitUntil } from '../support/wait';

/**
 * Issue 26: the alert scan spread over the instances. Two real app processes on one PostgreSQL share a
 * scan of 10,000 creators between them, and one creator whose data breaks their scan is recorded as
 * failed and retried while every other creator is scanned.
 */
const CREATORS = 10_000;
const POISONED = 'scale-poisoned';

let database: TestDatabase;
let sql: pg.Pool;
let dataDir: string;
let servers: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // Six months of two sources each, in bulk; the triggers mark every creator due in the same statements.
  await sql.query(
    `INSERT INTO users (id, email) SELECT 'scale-' || n, 'scale' || n || '@ballast.test' FROM generate_series(1, $1) n`,
    [CREATORS - 1],
  );
  await sql.query(`INSERT INTO users (id, email) VALUES ($1, 'poisoned@ballast.test')`, [POISONED]);
  await sql.query(
    `INSERT INTO revenue_entries (user_id, source, amount, date)
     SELECT id, source, 400 + m * 7, (date_trunc('month', now()) - make_interval(months => m))::date + 9
     FROM users, generate_series(1, 6) m, unnest(ARRAY['courses', 'youtube_ads']) source`,
  );
  // A float column holds what no sync writes: NaN. The scan of this creator must stop, and only theirs.
  await sql.query(
    `INSERT INTO platform_metrics (user_id, platform, source, metric, value, day)
     VALUES ($1, 'youtube', 'sync', 'views', 'NaN', current_date - 1)`,
    [POISONED],
  );
  // Each creator's figures changed, as the features that write them note it.
  await sql.query('INSERT INTO figure_changes (user_id, is_own) SELECT id, true FROM users');
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-alert-scan-'));
  servers = await Promise.all(
    ['first', 'second'].map(async (name) =>
      startServerProcess({
        DATABASE_URL: database.url,
        DATA_DIR: await mkdtemp(path.join(dataDir, `${name}-`)),
        SESSION_SECRET: 'alert-scan-secret-alert-scan-secret-1234',
        // The planner runs when this test sends it, not on a clock (29 February, at midnight).
        ALERT_SCAN_CRON: '0 0 29 2 *',
        LOG_LEVEL: 'warn',
      }),
    ),
  );
}, 180_000);

afterAll(async () => {
  const codes = await Promise.all(servers.map((server) => server.stop('SIGTERM')));
  await sql?.end();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  expect(codes).toEqual(servers.map(() => 0));
});

type ScanRow = { scanned_by: string | null; due: boolean; failures: number; last_error: string | null };

describe('the alert scan on two instances', () => {
  it('is shared by both, scans every creator, and retries the one whose data is poisoned', async () => {
    // Every creator's change is noted, and none is planned yet.
    const { rows: before } = await sql.query<{ noted: number; planned: number }>(
      'SELECT (SELECT count(DISTINCT user_id) FROM figure_changes)::int AS noted, (SELECT count(*) FROM alert_scans)::int AS planned',
    );
    expect(before[0]).toEqual({ noted: CREATORS, planned: 0 });

    // One planner run, as the schedule would send it.
    const boss = new PgBoss({ connectionString: database.url, schema: 'pgboss', max: 1 });
    await boss.start();
    await boss.send('alert-scan', {});
    await boss.stop({ graceful: false });

    const scanOf = async () =>
      (
        await sql.query<ScanRow & { user_id: string }>(
          `SELECT user_id, scanned_by, changes > scanned_changes AS due, failures, last_error FROM alert_scans`,
        )
      ).rows;
    await waitUntil(
      async () => {
        const rows = await scanOf();
        const poisoned = rows.find((row) => row.user_id === POISONED);
        return rows.filter((row) => !row.due).length === CREATORS - 1 && (poisoned?.failures ?? 0) >= 2;
      },
      540_000,
      'every creator but one scanned, and the poisoned one tried again',
    );

    const rows = await scanOf();
    const poisoned = rows.find((row) => row.user_id === POISONED)!;
    expect(poisoned.due).toBe(true);
    expect(poisoned.last_error).toContain('youtube views');
    expect(poisoned.last_error).toContain('is not a number');
    expect(rows.filter((row) => row.user_id !== POISONED && row.due)).toEqual([]);
    expect(rows.filter((row) => row.failures > 0).map((row) => row.user_id)).toEqual([POISONED]);

    // Both instances took a share: each names itself host:pid.
    const byInstance = new Map<string, number>();
    for (const row of rows) byInstance.set(row.scanned_by!, (byInstance.get(row.scanned_by!) ?? 0) + 1);
    const pids = [...byInstance.keys()].map((name) => Number(name.split(':').at(-1))).sort();
    expect(pids).toEqual(servers.map((server) => server.child.pid).sort());
    for (const count of byInstance.values()) expect(count).toBeGreaterThan(CREATORS / 10);

    // The failure is in an instance's log, with the creator it was about.
    const logs = servers.map((server) => server.output()).join('\n');
    expect(logs).toContain('Alert scan of a creator failed');
    expect(logs).toContain(POISONED);

    // Batches of 200: fifty of them, each run by one instance.
    const { rows: batches } = await sql.query<{ batches: number }>(
      `SELECT count(*)::int AS batches FROM pgboss.job WHERE name = 'alert-scan-batch'`,
    );
    expect(batches[0]!.batches).toBe(CREATORS / 200);
  }, 600_000);
});
