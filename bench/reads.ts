import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { londonDate } from '../common/calendar';
import { connectDatabase } from '../server/db/client';
import { readEmbeddedDatabaseUrl } from '../tests/support/embedded-database';
import { autocannon } from './autocannon';
import { importRevenue, signUpBenchCreator, startBareServer, startServer } from './support';

const ENTRIES = 10_000;
const ALERTS = 200;
const RATE = 200;
async function call(origin: string, cookie: string, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${origin}${pathname}`, {
    ...init,
    headers: { origin, cookie, 'content-type': 'application/json', ...init.headers },
  });
  if (!response.ok) throw new Error(`${pathname} answered ${response.status}: ${await response.text()}`);
  return response;
}

/**
 * The signed-in reads every dashboard makes, for a creator with 10,000 revenue entries, a health check
 * over them and 200 alerts, at a steady 200 requests/s each (budget: p99 < 50 ms), driven by autocannon
 * in its own process; the bare Fastify route at the same rate is the floor the figures stand on.
 */
export async function benchSignedInReads() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-reads-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const bare = await startBareServer();
  try {
    const origin = server.baseUrl;
    const { cookie } = await signUpBenchCreator(origin, 'reads@ballast.test');
    await call(origin, cookie, '/api/user/onboarding', {
      method: 'POST',
      body: JSON.stringify({ platforms: ['youtube', 'instagram'], primaryPlatform: 'youtube' }),
    });
    // Over the last 90 days, so the health check reads every one.
    const today = Date.now();
    await importRevenue(origin, cookie, ENTRIES, (i) => londonDate(new Date(today - (i % 89) * 86_400_000)));
    await call(origin, cookie, '/api/health-check', { method: 'POST', body: '{}' });
    const database = connectDatabase(await readEmbeddedDatabaseUrl(dataDir), { max: 1, onError: () => {} });
    await database.pool.query(
      `INSERT INTO alerts (user_id, severity, platform, title, description, cause)
       SELECT u.id, 'medium', 'youtube', 'Views dipped ' || g, 'A dip in views.', 'bench:' || g
       FROM users u, generate_series(1, ${ALERTS}) g WHERE u.email = 'reads@ballast.test'`,
    );
    // Planner statistics as autovacuum keeps them for a creator whose entries did not all arrive this second.
    await database.pool.query('ANALYZE');
    await database.close();

    const load = { connections: 10, durationSeconds: 10, rate: RATE };
    const floor = await autocannon({ url: `${bare.baseUrl}/bare`, ...load });
    const results: Record<string, { p50Ms: number; p99Ms: number; requestsPerSecond: number }> = {};
    for (const pathname of ['/api/auth/user', '/api/revenue', '/api/alerts', '/api/health-check']) {
      const url = `${origin}${pathname}`;
      await autocannon({ url, connections: 4, durationSeconds: 2, rate: 100, headers: { cookie } });
      const run = await autocannon({ url, ...load, headers: { cookie } });
      if (run.non2xx > 0 || run.errors > 0)
        throw new Error(`${pathname} failed under load: ${JSON.stringify(run)}`);
      results[pathname] = {
        p50Ms: run.latencyMs.p50,
        p99Ms: run.latencyMs.p99,
        requestsPerSecond: run.requestsPerSecond,
      };
    }
    return {
      generator: `autocannon 9, own process, ${load.connections} connections, ${RATE} requests/s for ${load.durationSeconds} s`,
      creator: { revenueEntries: ENTRIES, alerts: ALERTS },
      bareFastifyAtSameRate: { p50Ms: floor.latencyMs.p50, p99Ms: floor.latencyMs.p99 },
      routes: results,
    };
  } finally {
    await bare.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
