import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../server/config';
import { connectDatabase } from '../server/db/client';
import { platformDepsOf } from '../server/features/platforms/public';
import { queueDailySync, runConnectionSync } from '../server/features/platforms/sync';
import { startJobs } from '../server/jobs/boss';
import { waitUntil } from '../tests/support/wait';
import { cpuSeconds } from './alerts';
import { ROOT, round, signUpBenchCreator, startServer } from './support';

const CONNECTIONS = Number(process.env.BENCH_SYNC_CONNECTIONS ?? 10_000);
/** Reads in flight at once: a few instances' workers together. */
const CONCURRENCY = 8;
const SECRET = 'bench-secret-bench-secret-bench-secret';

async function startStandIn() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/provider-stand-in.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = await createInterface({ input: child.stdout! })
    [Symbol.asyncIterator]()
    .next()
    .then((r) => [r.value as string]);
  const { url, credentials } = JSON.parse(line!) as { url: string; credentials: Record<string, string> };
  return { url, credentials, stop: () => child.kill('SIGTERM') };
}

/**
 * The platform sync against the providers' stand-in (in a process of its own): (1) one creator
 * connects YouTube and waits for 90+ days of history, from the return to the callback to the figures
 * being there; (2) the daily read of 10,000 YouTube connections (three days re-read, revenue month
 * rewritten, followers), CPU counted for the reading process and the database together.
 */
export async function benchPlatformSync() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-sync-'));
  const standIn = await startStandIn();
  const env = {
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    OAUTH_PROVIDER_URL: standIn.url,
    ...standIn.credentials,
  };
  const server = await startServer({ ...env, ALERT_SCAN_CRON: '0 0 29 2 *' });
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const database = connectDatabase(url, { max: CONCURRENCY + 2, onError: (error) => console.error(error) });
  const jobs = await startJobs(url);
  try {
    // (1) Connect → backfill, through the server's own job.
    const origin = server.baseUrl;
    const { cookie } = await signUpBenchCreator(origin, `sync-${Date.now()}@ballast.test`);
    const browse = (to: string) =>
      fetch(new URL(to, origin), { headers: { cookie, origin }, redirect: 'manual' });
    const consent = await fetch((await browse('/api/connect/youtube')).headers.get('location')!, {
      redirect: 'manual',
    });
    const callback = new URL(consent.headers.get('location')!);
    const returned = performance.now();
    await browse(`${callback.pathname}${callback.search}`);
    await waitUntil(
      async () => {
        const [connection] = (await (await browse('/api/platforms')).json()) as {
          lastSyncedAt: string | null;
        }[];
        return Boolean(connection?.lastSyncedAt);
      },
      60_000,
      'the backfill',
    );
    const backfillSeconds = (performance.now() - returned) / 1000;
    const { rows: days } = await database.pool.query(
      "SELECT count(DISTINCT day)::int AS n FROM platform_metrics WHERE metric = 'views' AND day IS NOT NULL",
    );

    // (2) 10,000 connections with the same grant, last read two days ago.
    await database.pool.query(
      `INSERT INTO users (id, email) SELECT 'sync-' || n, 'sync' || n || '@ballast.test' FROM generate_series(1, $1) n`,
      [CONNECTIONS],
    );
    await database.pool.query(
      // On The Guardian: the daily reads come with it (without it only the first read happens).
      `INSERT INTO account_plans (user_id, plan) SELECT 'sync-' || n, 'guardian' FROM generate_series(1, $1) n`,
      [CONNECTIONS],
    );
    await database.pool.query(
      `INSERT INTO platform_connections (user_id, platform, platform_user_id, platform_username, is_verified,
         access_token, refresh_token, token_expires_at, synced_through, last_synced_at)
       SELECT 'sync-' || n, 'youtube', c.platform_user_id, c.platform_username, true,
         c.access_token, c.refresh_token, c.token_expires_at, current_date - 2, now() - interval '1 day'
       FROM generate_series(1, $1) n, (SELECT * FROM platform_connections LIMIT 1) c`,
      [CONNECTIONS],
    );
    await database.pool.query('ANALYZE');
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: url, PUBLIC_URL: origin, ...env });
    const deps = { ...platformDepsOf(config, database.db, () => new Date(), jobs), jobs };
    const ids = (
      await database.pool.query<{ id: string }>(
        "SELECT id FROM platform_connections WHERE user_id LIKE 'sync-%'",
      )
    ).rows.map((row) => row.id);
    const pid = server.child.pid!;
    const cpu = () => cpuSeconds(pid) + (process.cpuUsage().user + process.cpuUsage().system) / 1e6;

    const fanOutCpu = cpu();
    const fanOutStarted = performance.now();
    const queued = await queueDailySync(deps);
    const fanOut = {
      queued,
      wallSeconds: round((performance.now() - fanOutStarted) / 1000, 1),
      cpuSeconds: round(cpu() - fanOutCpu, 1),
    };
    // The queued jobs would start over the next hour; the bench reads the connections itself.
    await database.pool.query(
      "DELETE FROM pgboss.job WHERE name = 'platform-sync-connection' AND state = 'created'",
    );

    const log = { warn: () => {} };
    const cpuBefore = cpu();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < ids.length) await runConnectionSync(deps, { connectionId: ids[next++]! }, log);
      }),
    );
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuUsed = cpu() - cpuBefore;
    const { rows: failed } = await database.pool.query(
      "SELECT count(*)::int AS n FROM platform_connections WHERE user_id LIKE 'sync-%' AND last_sync_error IS NOT NULL",
    );
    // Every connection must really have been read, or the figure measures nothing.
    const { rows: unread } = await database.pool.query(
      `SELECT count(*)::int AS n FROM platform_connections
       WHERE user_id LIKE 'sync-%' AND (last_synced_at IS NULL OR last_synced_at < $1)`,
      [new Date(Date.now() - (performance.now() - started) - 1000)],
    );
    if (unread[0].n > 0) throw new Error(`the daily read skipped ${unread[0].n} connections`);
    return {
      backfill: { seconds: round(backfillSeconds, 2), days: days[0].n },
      connections: CONNECTIONS,
      fanOut,
      daily: {
        wallSeconds: round(wallSeconds, 1),
        cpuSeconds: round(cpuUsed, 1),
        cpuMsPerConnection: round((cpuUsed * 1000) / CONNECTIONS, 1),
        failed: failed[0].n,
      },
    };
  } finally {
    await jobs.stop({ graceful: false, wait: true });
    await database.close();
    await server.stop();
    standIn.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
