import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openLoop } from './load';
import { round } from './support';
import { signup, withApp } from './waitlist';

const PLACES = 100_000;
/** Of them, the share whose 48 hours are over when the job runs: spread through the list, not at its end. */
const DUE_EVERY = 10;
const DUE_OF_EVERY = 3;

/**
 * One run of the app's own `waitlist-lapses` job over 100,000 held places, 30,000 of them due, spread
 * through the list: each lapses and everyone after it moves up, in one transaction under the counter's
 * lock. What a person feels is the signups that wait behind that lock, so signups arrive at 100 a second
 * throughout, before, during and after the job; their latency counts from when each was due to be sent.
 */
export async function benchWaitlistLapses() {
  return withApp({}, async ({ baseUrl }, _metricsUrl, dataDir) => {
    const pool = new pg.Pool({
      connectionString: (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim(),
    });
    try {
      const seededStarted = performance.now();
      await pool.query(
        `INSERT INTO waitlist_signups (email, position, tier, signup_source, created_at, lapses_at)
         SELECT 'held.' || n || '@ballast.test', n,
                CASE WHEN n <= 50 THEN 'free' WHEN n <= 550 THEN 'lifetime_paid' ELSE 'waitlist' END,
                'bench', now() - interval '3 days',
                CASE WHEN n % $2 < $3 THEN now() - interval '1 minute' ELSE now() + interval '1 day' END
         FROM generate_series(1, $1::int) AS n`,
        [PLACES, DUE_EVERY, DUE_OF_EVERY],
      );
      // The counter row is made by the first signup; a fresh database has none yet.
      await pool.query(
        `INSERT INTO waitlist_counter (id, total) VALUES (1, $1)
         ON CONFLICT (id) DO UPDATE SET total = EXCLUDED.total`,
        [PLACES],
      );
      await pool.query('ANALYZE waitlist_signups');
      const seedSeconds = round((performance.now() - seededStarted) / 1000, 1);

      await openLoop({ baseUrl, rate: 100, durationMs: 2_000, next: signup('lapse-warm-up') });
      // The job as its cron sends it; the app's worker picks it up within its 10 s poll.
      const load = openLoop({ baseUrl, rate: 100, durationMs: 30_000, next: signup('lapse-during') });
      await pool.query(`INSERT INTO pgboss.job (name, data) VALUES ('waitlist-lapses', '{}'::jsonb)`);
      const signups = await load;
      const lastJobSeconds = async () => {
        const { rows } = await pool.query<{ seconds: number }>(
          `SELECT extract(epoch FROM completed_on - started_on)::float AS seconds
           FROM pgboss.job WHERE name = 'waitlist-lapses' AND state = 'completed'
           ORDER BY completed_on DESC LIMIT 1`,
        );
        return rows[0] ? round(rows[0].seconds, 2) : null;
      };
      const jobSeconds = await lastJobSeconds();

      // Then an ordinary five minutes: ten places near the top are due, and all after them move up.
      await pool.query(
        `UPDATE waitlist_signups SET lapses_at = now() - interval '1 minute'
         WHERE position BETWEEN 1000 AND 1009 AND confirmed_at IS NULL`,
      );
      const steadyLoad = openLoop({ baseUrl, rate: 100, durationMs: 20_000, next: signup('lapse-steady') });
      await pool.query(`INSERT INTO pgboss.job (name, data) VALUES ('waitlist-lapses', '{}'::jsonb)`);
      const steadySignups = await steadyLoad;
      const steadyJobSeconds = await lastJobSeconds();
      const [positions] = (
        await pool.query<{ held: number; max: number; lapsed: number }>(
          `SELECT count(position)::int AS held, max(position)::int AS max,
                  count(*) FILTER (WHERE lapsed_at IS NOT NULL)::int AS lapsed
           FROM waitlist_signups`,
        )
      ).rows;
      // What the server logged as errors meanwhile, each message once.
      const logged = (await readFile(path.join(dataDir, 'ballast.log'), 'utf8')).split('\n');
      const serverErrors = [
        ...new Set(
          logged.flatMap((line) => {
            const entry = line.startsWith('{')
              ? (JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } })
              : null;
            return entry && (entry.level ?? 0) >= 50 ? [`${entry.msg}: ${entry.err?.message ?? ''}`] : [];
          }),
        ),
      ];
      return {
        places: PLACES,
        due: (PLACES / DUE_EVERY) * DUE_OF_EVERY,
        seedSeconds,
        jobSeconds,
        lapsed: positions?.lapsed,
        positionsGapFree: positions?.held === positions?.max,
        signupsAt100PerSecondDuring: signups,
        tenDueJobSeconds: steadyJobSeconds,
        signupsAt100PerSecondDuringTenDue: steadySignups,
        serverErrors,
      };
    } finally {
      await pool.end();
    }
  });
}
