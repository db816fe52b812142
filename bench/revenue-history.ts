import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { londonDate } from '../common/calendar';
import { connectDatabase } from '../server/db/client';
import { readEmbeddedDatabaseUrl } from '../tests/support/embedded-database';
import { autocannon } from './autocannon';
import { importRevenue, signUpBenchCreator, startBareServer, startServer } from './support';

const ENTRIES = 10_000;
const RATE = 200;

/**
 * The revenue history table for a creator with 10,000 entries over a year: its first page, a deep
 * page, and its filters (a source, a month, both), each with the filter's totals, at a steady 200
 * requests/s (budget: p99 < 50 ms), beside the bare Fastify route at the same rate.
 */
export async function benchRevenueHistory() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-history-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const bare = await startBareServer();
  try {
    const origin = server.baseUrl;
    const { cookie } = await signUpBenchCreator(origin, 'history@ballast.test');
    const today = Date.now();
    await importRevenue(origin, cookie, ENTRIES, (i) => londonDate(new Date(today - (i % 365) * 86_400_000)));
    const database = connectDatabase(await readEmbeddedDatabaseUrl(dataDir), { max: 1, onError: () => {} });
    // Planner statistics as autovacuum keeps them for a creator whose entries did not all arrive this second.
    await database.pool.query('ANALYZE');
    await database.close();

    const lastMonth = londonDate(new Date(today - 40 * 86_400_000)).slice(0, 7);
    const paths = {
      // The existing list of the 10 newest, measured in the same run for comparison.
      recentList: '/api/revenue?limit=10',
      firstPage: '/api/revenue/history',
      page200: '/api/revenue/history?page=200',
      bySource: '/api/revenue/history?source=courses',
      byMonth: `/api/revenue/history?month=${lastMonth}`,
      bySourceAndMonth: `/api/revenue/history?source=courses&month=${lastMonth}`,
    };
    const load = { connections: 10, durationSeconds: 10, rate: RATE };
    const floor = await autocannon({ url: `${bare.baseUrl}/bare`, ...load });
    const routes: Record<string, { path: string; p50Ms: number; p99Ms: number; requestsPerSecond: number }> =
      {};
    for (const [name, pathname] of Object.entries(paths)) {
      const url = `${origin}${pathname}`;
      await autocannon({ url, connections: 4, durationSeconds: 2, rate: 100, headers: { cookie } });
      const run = await autocannon({ url, ...load, headers: { cookie } });
      if (run.non2xx > 0 || run.errors > 0)
        throw new Error(`${pathname} failed under load: ${JSON.stringify(run)}`);
      routes[name] = {
        path: pathname,
        p50Ms: run.latencyMs.p50,
        p99Ms: run.latencyMs.p99,
        requestsPerSecond: run.requestsPerSecond,
      };
    }
    return {
      generator: `autocannon 9, own process, ${load.connections} connections, ${RATE} requests/s for ${load.durationSeconds} s`,
      entries: ENTRIES,
      bareFastifyAtSameRate: { p50Ms: floor.latencyMs.p50, p99Ms: floor.latencyMs.p99 },
      routes,
    };
  } finally {
    await bare.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
