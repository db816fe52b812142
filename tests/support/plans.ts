import type pg from 'pg';
import type { UserPlan } from '../../common/plans';

/**
 * A paid plan on an account, as the Stripe webhook leaves it in billing's `account_plans` (no row for
 * 'none'), for tests about what a plan opens rather than how it is bought (billing's own tests go
 * through the webhook).
 */
export async function givePaidPlan(
  t: { database: { pool: Pick<pg.Pool, 'query'> } },
  userId: string,
  plan: UserPlan,
) {
  if (plan === 'none') {
    await t.database.pool.query('DELETE FROM account_plans WHERE user_id = $1', [userId]);
    return;
  }
  await t.database.pool.query(
    `INSERT INTO account_plans (user_id, plan) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET plan = excluded.plan, updated_at = now()`,
    [userId, plan],
  );
}
