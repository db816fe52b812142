import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { migrationsBefore } from '../../../tests/support/migrations';
import { MIGRATIONS_FOLDER } from '../../db/migrate';
import { findEffectivePlans } from './public';

/**
 * The migration that moves the paid plan from auth's `users.plan` into billing's `account_plans`, run
 * on a database whose accounts already hold plans, as an existing installation would meet it: a paid
 * plan lost here is a creator who paid and finds every paid feature locked.
 */
const MIGRATION_TAG = /_paid_plans_kept_by_billing$/;

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

describe('moving the paid plan into billing', () => {
  it('copies every paid plan, leaves no row for none, and drops the column', async () => {
    const db = drizzle({ client: pool, casing: 'snake_case' });
    await migrate(db, { migrationsFolder: before.folder });
    await pool.query(`
      INSERT INTO users (id, email, plan) VALUES
        ('on-none', 'none@example.co.uk', 'none'),
        ('on-blueprint', 'blueprint@example.co.uk', 'blueprint'),
        ('on-guardian', 'guardian@example.co.uk', 'guardian'),
        ('on-mastermind', 'mastermind@example.co.uk', 'mastermind'),
        ('never-paid', 'new@example.co.uk', DEFAULT)`);

    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });

    const { rows } = await pool.query('SELECT user_id, plan FROM account_plans ORDER BY user_id');
    expect(rows).toEqual([
      { user_id: 'on-blueprint', plan: 'blueprint' },
      { user_id: 'on-guardian', plan: 'guardian' },
      { user_id: 'on-mastermind', plan: 'mastermind' },
    ]);
    const { rowCount } = await pool.query(
      `SELECT 1 FROM information_schema.columns WHERE table_name = 'users' AND column_name = 'plan'`,
    );
    expect(rowCount).toBe(0);
    // Billing reads the moved plans as paid ones.
    const plans = await findEffectivePlans(db, ['on-none', 'on-blueprint', 'on-guardian', 'on-mastermind']);
    expect(Object.fromEntries([...plans].map(([id, { plan, source }]) => [id, { plan, source }]))).toEqual({
      'on-none': { plan: 'none', source: null },
      'on-blueprint': { plan: 'blueprint', source: 'paid' },
      'on-guardian': { plan: 'guardian', source: 'paid' },
      'on-mastermind': { plan: 'mastermind', source: 'paid' },
    });
    // An account's erasure takes its plan with it.
    await pool.query(`DELETE FROM users WHERE id = 'on-guardian'`);
    expect((await pool.query(`SELECT 1 FROM account_plans WHERE user_id = 'on-guardian'`)).rowCount).toBe(0);
  });
});
