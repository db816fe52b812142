import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { migrationsBefore } from '../../../tests/support/migrations';
import { MIGRATIONS_FOLDER } from '../../db/migrate';

/**
 * The migration that brings in the sources as creators are paid, run on a database that already holds
 * entries under the old names, as an existing installation would meet it.
 */
const MIGRATION_TAG = /_revenue_sources_as_paid$/;

let database: TestDatabase;
let pool: pg.Pool;
let before: Awaited<ReturnType<typeof migrationsBefore>>;

beforeAll(async () => {
  database = await createTestDatabase({ isEmpty: true });
  pool = new pg.Pool({ connectionString: database.url, max: 2 });
  before = await migrationsBefore(MIGRATION_TAG);
});

afterAll(async () => {
  await pool?.end();
  await database?.drop();
  await before?.remove();
});

describe('renaming TikTok Creator Fund and adding the new sources', () => {
  it('keeps every existing entry, renames the Creator Fund ones, and accepts the new sources', async () => {
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder: before.folder });
    await pool.query(`INSERT INTO users (id, email) VALUES ('creator-1', 'maya@example.co.uk')`);
    await pool.query(`
      INSERT INTO revenue_entries (user_id, source, amount, description, date) VALUES
        ('creator-1', 'tiktok_creator_fund', '41.20', 'Creator Fund, May', '2023-05-31'),
        ('creator-1', 'youtube_ads', '812.40', 'October AdSense', '2025-10-31'),
        ('creator-1', 'instagram_sponsors', '1500.00', 'Reel for a knife brand', '2025-09-12')`);
    // The old check refuses sources that do not exist yet.
    await expect(
      pool.query(`INSERT INTO revenue_entries (user_id, source, amount, date)
                  VALUES ('creator-1', 'paid_newsletter', '10', '2025-10-01')`),
    ).rejects.toThrow(/revenue_entries_source_known/);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await pool.query(
      'SELECT source, amount::text, description, date::text FROM revenue_entries ORDER BY date',
    );
    expect(rows).toEqual([
      {
        source: 'tiktok_creator_rewards',
        amount: '41.20',
        description: 'Creator Fund, May',
        date: '2023-05-31',
      },
      {
        source: 'instagram_sponsors',
        amount: '1500.00',
        description: 'Reel for a knife brand',
        date: '2025-09-12',
      },
      { source: 'youtube_ads', amount: '812.40', description: 'October AdSense', date: '2025-10-31' },
    ]);
    await pool.query(`INSERT INTO revenue_entries (user_id, source, amount, date)
                      VALUES ('creator-1', 'paid_newsletter', '1800', '2025-10-01')`);
    // An instance still on the old code, mid-deploy, writing the former name: stored as the new one.
    const { rows: late } = await pool.query(`INSERT INTO revenue_entries (user_id, source, amount, date)
                      VALUES ('creator-1', 'tiktok_creator_fund', '12.00', '2025-10-02') RETURNING source`);
    expect(late).toEqual([{ source: 'tiktok_creator_rewards' }]);
    await expect(
      pool.query(`INSERT INTO revenue_entries (user_id, source, amount, date)
                  VALUES ('creator-1', 'onlyfans', '10', '2025-10-01')`),
    ).rejects.toThrow(/revenue_entries_source_known/);
  });
});
