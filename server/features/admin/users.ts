import type { UsersOverview } from '@common/admin';
import { desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';

const RECENT_SHOWN = 20;

/** Accounts by plan and onboarding state, and the latest sign-ups. */
export async function findUsersOverview(db: Db): Promise<UsersOverview> {
  const [groups, recent] = await Promise.all([
    db
      .select({
        plan: users.plan,
        onboardingCompleted: users.onboardingCompleted,
        total: sql<number>`count(*)::int`,
      })
      .from(users)
      .groupBy(users.plan, users.onboardingCompleted),
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        plan: users.plan,
        onboardingCompleted: users.onboardingCompleted,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt))
      .limit(RECENT_SHOWN),
  ]);
  const byPlan: UsersOverview['byPlan'] = { none: 0, blueprint: 0, guardian: 0, mastermind: 0 };
  let onboarded = 0;
  let total = 0;
  for (const group of groups) {
    const plan = group.plan in byPlan ? (group.plan as keyof typeof byPlan) : 'none';
    byPlan[plan] += group.total;
    if (group.onboardingCompleted) onboarded += group.total;
    total += group.total;
  }
  return {
    total,
    byPlan,
    onboarded,
    notOnboarded: total - onboarded,
    recent: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}
