import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { connectDatabase, type DatabaseConnection } from '../server/db/client';
import { scanChangedCreators } from '../server/features/alerts/scan';
import { QUEUES, startJobs } from '../server/jobs/boss';
import { round, startServer } from './support';

const CREATORS = Number(process.env.BENCH_ALERT_CREATORS ?? 10_000);

/** Creators `bench-1…n`, each with a year of monthly revenue from three sources, in two statements. */
async function seedCreatorsWithRevenue(database: DatabaseConnection, creators: number) {
  await database.pool.query(
    `INSERT INTO users (id, email) SELECT 'bench-' || n, 'bench' || n || '@ballast.test' FROM generate_series(1, $1) n`,
    [creators],
  );
  await database.pool.query(
    `INSERT INTO revenue_entries (user_id, source, amount, date)
     SELECT 'bench-' || n, source, 500 + (n % 97) + (m % 3) * 10, (date_trunc('month', now()) - make_interval(months => m))::date + 14
     FROM generate_series(1, $1) n, generate_series(1, 12) m, unnest(ARRAY['youtube_ads', 'courses', 'coaching']) source`,
    [creators],
  );
  // Each creator's figures changed, noted as the features that write them note it: the planner takes these.
  await database.pool.query(
    `INSERT INTO figure_changes (user_id, is_own) SELECT 'bench-' || n, true FROM generate_series(1, $1) n`,
    [creators],
  );
}

/** CPU (user + system) of a process and all its descendants so far, in seconds. */
export function cpuSeconds(pid: number): number {
  let total = 0;
  const walk = (id: number) => {
    try {
      const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / 100;
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(/\s+/) : []) walk(Number(child));
      }
    } catch {
      // exited meanwhile
    }
  };
  walk(pid);
  return total;
}

/**
 * The five-minute alert scan over 10,000 creators with a year of history each (monthly revenue from
 * three sources and 365 days of synced views and followers), all changed since their last scan; then
 * the same scan again with nothing changed. CPU is the database's and this process's together.
 */
export async function benchAlertScan() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-alerts-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    // The server's own schedule must not scan the seeded creators before the bench does (29 February).
    ALERT_SCAN_CRON: '0 0 29 2 *',
  });
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const database = connectDatabase(url, { max: 4, onError: (error) => console.error(error) });
  try {
    const seedStarted = performance.now();
    await seedCreatorsWithRevenue(database, CREATORS);
    await database.pool.query(
      `INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at)
       SELECT 'bench-' || n, 'youtube', 'sync', metric,
              CASE WHEN metric = 'views' THEN d * (1000 + n % 500) ELSE 20000 + n % 1000 END,
              now() - make_interval(days => 365 - d)
       FROM generate_series(1, $1) n, generate_series(1, 365) d, unnest(ARRAY['views', 'followers']) metric`,
      [CREATORS],
    );
    await database.pool.query('ANALYZE');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const jobs = await startJobs(url);
    const pid = server.child.pid!;
    const measure = async () => {
      const cpuBefore = cpuSeconds(pid) + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
      const started = performance.now();
      const scanned = await scanChangedCreators({ db: database.db, jobs }, () => new Date());
      const wallSeconds = (performance.now() - started) / 1000;
      const cpuAfter = cpuSeconds(pid) + process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6;
      return { scanned, wallSeconds: round(wallSeconds, 1), cpuSeconds: round(cpuAfter - cpuBefore, 1) };
    };
    const full = await measure();
    if (full.scanned !== CREATORS)
      throw new Error(`the full scan read ${full.scanned} creators, not ${CREATORS}`);
    const unchanged = await measure();
    return {
      creators: CREATORS,
      seedSeconds: round(seedSeconds, 0),
      fullScan: full,
      nothingChanged: unchanged,
    };
  } finally {
    await database.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const SHARED_CREATORS = Number(process.env.BENCH_SHARED_SCAN_CREATORS ?? 100_000);

/**
 * Issue 26's figure: one full cycle of the alert scan over 100,000 creators, all changed, shared by two
 * app processes on one PostgreSQL (the first one's embedded database). Each creator has a year of
 * monthly revenue from three sources and 35 days of synced views (enough for every judgement the scan
 * makes; the 10,000-creator bench above has a full year of views). The cycle is one planner job, sent as
 * the schedule would; its wall time runs until no creator is due.
 */
export async function benchAlertScanShared() {
  const root = await mkdtemp(path.join(tmpdir(), 'ballast-bench-shared-scan-'));
  const env = {
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    ALERT_SCAN_CRON: '0 0 29 2 *',
  };
  await mkdir(path.join(root, 'first'), { recursive: true });
  const first = await startServer({ ...env, DATA_DIR: path.join(root, 'first') });
  const url = (await readFile(path.join(root, 'first', 'database-url'), 'utf8')).trim();
  await mkdir(path.join(root, 'second'), { recursive: true });
  const second = await startServer({ ...env, DATA_DIR: path.join(root, 'second'), DATABASE_URL: url });
  const database = connectDatabase(url, { max: 4, onError: (error) => console.error(error) });
  try {
    const seedStarted = performance.now();
    await seedCreatorsWithRevenue(database, SHARED_CREATORS);
    await database.pool.query(
      `INSERT INTO platform_metrics (user_id, platform, source, metric, value, day)
       SELECT 'bench-' || n, 'youtube', 'sync', 'views', 1000 + n % 500 + d % 7 * 20, current_date - d
       FROM generate_series(1, $1) n, generate_series(1, 35) d`,
      [SHARED_CREATORS],
    );
    await database.pool.query('ANALYZE');
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const jobs = await startJobs(url);
    const cpu = () =>
      cpuSeconds(first.child.pid!) + cpuSeconds(second.child.pid!) + process.cpuUsage().user / 1e6;
    const cpuBefore = cpu();
    const started = performance.now();
    await jobs.send(QUEUES.alertScan, {});
    const due = async () =>
      (
        await database.pool.query<{ due: string }>(
          // Changes not yet folded into the scan table are due too: the seed notes them as writers do.
          `SELECT (SELECT count(*) FROM alert_scans WHERE changes > scanned_changes)
                + (SELECT count(*) FROM figure_changes) AS due`,
        )
      ).rows[0]!.due;
    while (Number(await due()) > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    const wallSeconds = (performance.now() - started) / 1000;
    const cpuUsed = cpu() - cpuBefore;
    await jobs.stop({ graceful: false });
    const { rows: shares } = await database.pool.query<{ scanned_by: string; creators: number }>(
      'SELECT scanned_by, count(*)::int AS creators FROM alert_scans GROUP BY scanned_by ORDER BY 2 DESC',
    );
    return {
      creators: SHARED_CREATORS,
      instances: 2,
      seedSeconds: round(seedSeconds, 0),
      cycle: { wallSeconds: round(wallSeconds, 1), cpuSeconds: round(cpuUsed, 1) },
      creatorsPerInstance: shares.map((share) => share.creators),
      loadAverage: loadavg().map((value) => round(value, 1)),
    };
  } finally {
    await database.close();
    await second.stop();
    await first.stop();
    await rm(root, { recursive: true, force: true });
  }
}
