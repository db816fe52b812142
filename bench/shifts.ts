import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { addDays, londonDate } from '@common/calendar';
import { from as copyFrom } from 'pg-copy-streams';
import { connectDatabase, type DatabaseConnection } from '../server/db/client';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { migrateDatabase } from '../server/db/migrate';
import { detectShifts } from '../server/features/shifts/service';
import { round } from './support';

const CREATORS = Number(process.env.BENCH_SHIFT_CREATORS ?? 100_000);
const DAYS = 40;
/** Creators n with n % 100 below this fall by 45% over the last five days; the rest hold steady. */
const FALLING_PERCENT = 65;
const FALL_DAYS = 5;

const connectionId = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** A small deterministic generator, so every run seeds the same figures. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Rows of a COPY, written a creator at a time so memory stays flat. */
function copyRows(rowsOf: (n: number) => string): Readable {
  let n = 0;
  return new Readable({
    read() {
      let chunk = '';
      while (n < CREATORS && chunk.length < 1 << 16) {
        n += 1;
        chunk += rowsOf(n);
      }
      this.push(chunk.length > 0 ? chunk : null);
    },
  });
}

async function copy(database: DatabaseConnection, statement: string, rows: Readable) {
  const client = await database.pool.connect();
  try {
    await pipeline(rows, client.query(copyFrom(statement)));
  } finally {
    client.release();
  }
}

/**
 * 100,000 connected YouTube creators with 40 days of synced daily views each (levels from 200 to
 * 50,000 a day, weekends busier, ±20% day-to-day noise); 65% of them fall by 45% over the last five
 * days, and one in fifty has only the last ten days. Seeded with COPY.
 */
async function seed(database: DatabaseConnection, today: string) {
  await copy(
    database,
    'COPY users (id, email) FROM STDIN',
    copyRows((n) => `bench-${n}\tbench${n}@ballast.test\n`),
  );
  await copy(
    database,
    'COPY platform_connections (id, user_id, platform, platform_user_id, platform_username, is_verified) FROM STDIN',
    copyRows((n) => `${connectionId(n)}\tbench-${n}\tyoutube\tchannel-${n}\tchannel${n}\tt\n`),
  );
  const days = Array.from({ length: DAYS }, (_, index) => {
    const day = addDays(today, -(index + 1));
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return { day, ago: index + 1, weekend: weekday === 0 || weekday === 6 ? 1.2 : 1 };
  });
  const random = randomFrom(40);
  await copy(
    database,
    'COPY platform_metrics (user_id, platform, source, connection_id, metric, value, day) FROM STDIN',
    copyRows((n) => {
      const level = 200 + Math.floor(random() * 49_800);
      const isFalling = n % 100 < FALLING_PERCENT;
      const history = n % 50 === 0 ? 10 : DAYS;
      let rows = '';
      for (const { day, ago, weekend } of days) {
        if (ago > history) continue;
        const fall = isFalling && ago <= FALL_DAYS ? 0.55 : 1;
        const views = Math.round(level * weekend * fall * (0.8 + random() * 0.4));
        rows += `bench-${n}\tyoutube\tsync\t${connectionId(n)}\tviews\t${views}\t${day}\n`;
      }
      return rows;
    }),
  );
  await database.pool.query('ANALYZE users, platform_connections, platform_metrics');
}

/**
 * Issue 40's figure: the platform shifts' run (every platform's cohort, one statement each, and what
 * it records) over 100,000 connected creators with 40 days of daily views, on an embedded PostgreSQL.
 * Run twice: the first reads the table cold from the seeding, the second as each five-minute run does.
 */
export async function benchShifts() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-shifts-'));
  const embedded = await startEmbeddedPostgres({ dataDir, isEphemeral: true });
  const database = connectDatabase(embedded.url, { max: 4, onError: (error) => console.error(error) });
  try {
    await migrateDatabase(database.db, database.pool);
    const now = new Date();
    const today = londonDate(now);
    const seedStarted = performance.now();
    await seed(database, today);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const { rows } = await database.pool.query<{ rows: number }>(
      'SELECT count(*)::int AS rows FROM platform_metrics',
    );
    const measure = async () => {
      const started = performance.now();
      const runs = await detectShifts({ db: database.db }, now);
      return { seconds: round((performance.now() - started) / 1000, 1), runs };
    };
    const first = await measure();
    const second = await measure();
    const youtube = second.runs.find((run) => run.platform === 'youtube')!;
    const { rows: shifts } = await database.pool.query<{
      started_on: string;
      cohort_size: number;
      fell_count: number;
    }>("SELECT started_on::text, cohort_size, fell_count FROM platform_shifts WHERE platform = 'youtube'");
    if (shifts.length !== 1) throw new Error(`expected one YouTube shift, found ${shifts.length}`);
    return {
      creators: CREATORS,
      dailyRows: rows[0]!.rows,
      seedSeconds: round(seedSeconds, 0),
      firstRunSeconds: first.seconds,
      runSeconds: second.seconds,
      cohortSize: youtube.cohortSize,
      fellCount: shifts[0]!.fell_count,
      startedOn: shifts[0]!.started_on,
      expectedStart: addDays(today, -FALL_DAYS),
    };
  } finally {
    await database.close();
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
