import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/free-port';
import { importRevenue, percentile, round, signUpBenchCreator, startServer } from './support';

const ENTRIES = 10_000;
const SAMPLES = 200;
/** About three years of entries, one a day from 2023. */
const dayOf = (i: number) =>
  new Date(Date.UTC(2023, 0, 1) + (i % 1095) * 86_400_000).toISOString().slice(0, 10);

async function time(url: string, cookie: string) {
  const durations: number[] = [];
  for (let i = 0; i < SAMPLES + 20; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    if (i >= 20) durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { medianMs: round(percentile(durations, 50), 2), p95Ms: round(percentile(durations, 95), 2) };
}

/** GET /api/revenue and the summary for a creator with 10,000 entries, one request at a time. */
export async function benchRevenue() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-revenue-'));
  const port = await freePort();
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  try {
    const origin = server.baseUrl;
    const { cookie } = await signUpBenchCreator(origin, 'bench@ballast.test');
    await importRevenue(origin, cookie, ENTRIES, dayOf);
    return {
      entries: ENTRIES,
      samples: SAMPLES,
      list100: await time(`${origin}/api/revenue`, cookie),
      list10: await time(`${origin}/api/revenue?limit=10`, cookie),
      list500: await time(`${origin}/api/revenue?limit=500`, cookie),
      summary: await time(`${origin}/api/revenue/summary`, cookie),
    };
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
