import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { londonDate } from '../common/calendar';
import { connectDatabase } from '../server/db/client';
import { runHealthCheck } from '../server/features/health-check/service';
import { startJobs } from '../server/jobs/boss';
import { importRevenue, percentile, round, signUpBenchCreator, startServer } from './support';

const ENTRIES = 10_000;
const SAMPLES = 200;
/**
 * A health check for a creator with 10,000 revenue entries in its 90-day window: the whole run on the
 * server (the 90-day aggregate, the answers, the lock, the scores and the insert), each run with the
 * clock a minute on so none is answered from the previous one.
 */
export async function benchHealthCheck() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-health-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
  });
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const database = connectDatabase(url, { max: 4, onError: (error) => console.error(error) });
  try {
    const origin = server.baseUrl;
    const { cookie, userId } = await signUpBenchCreator(origin, 'health@ballast.test');
    const today = new Date();
    // Spread over the 90 days the health check reads, so every entry counts.
    await importRevenue(origin, cookie, ENTRIES, (i) =>
      londonDate(new Date(today.getTime() - (i % 89) * 86_400_000)),
    );
    let clock = today.getTime();
    const jobs = await startJobs(url);
    const deps = { db: database.db, jobs, now: () => new Date(clock) };
    const durations: number[] = [];
    for (let i = 0; i < SAMPLES + 20; i++) {
      clock += 61_000;
      const started = performance.now();
      await runHealthCheck(deps, userId);
      if (i >= 20) durations.push(performance.now() - started);
    }
    await jobs.stop({ graceful: false, wait: true });
    durations.sort((a, b) => a - b);
    return {
      entriesInWindow: ENTRIES,
      samples: SAMPLES,
      runMedianMs: round(percentile(durations, 50), 2),
      runP95Ms: round(percentile(durations, 95), 2),
    };
  } finally {
    await database.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
