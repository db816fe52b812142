import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';
import { PROJECT_ROOT } from '../paths';
import type { Db } from './client';

export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'server/db/migrations');

// Any constant works; it only has to be the same for every instance of the app.
const MIGRATION_LOCK_ID = 7_310_642;

/** Applies committed migrations. Instances starting together take turns through an advisory lock. */
export async function migrateDatabase(db: Db, pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  } finally {
    client.release();
  }
}

let expectedCount: Promise<number> | undefined;

function expectedMigrationCount(): Promise<number> {
  expectedCount ??= readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8').then(
    (text) => (JSON.parse(text) as { entries: unknown[] }).entries.length,
  );
  return expectedCount;
}

/** True when the database answers and every committed migration has been applied to it. */
export async function isDatabaseReady(pool: pg.Pool): Promise<boolean> {
  try {
    const [expected, { rows }] = await Promise.all([
      expectedMigrationCount(),
      pool.query<{ count: string }>('SELECT count(*) FROM drizzle.__drizzle_migrations'),
    ]);
    return Number(rows[0]?.count) >= expected;
  } catch {
    return false;
  }
}
