import type { UserPlan } from '../../common/plans';
import type { TestApp } from './app';

/**
 * A paid plan on an account, as the Stripe webhook leaves it (`users.plan`), for tests about what a
 * plan opens rather than how it is bought (billing's own tests go through the webhook).
 */
export async function givePaidPlan(t: Pick<TestApp, 'database'>, userId: string, plan: UserPlan) {
  await t.database.pool.query('UPDATE users SET plan = $1 WHERE id = $2', [plan, userId]);
}
