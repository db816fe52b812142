import type { AccountPlan, SetPlanRequest } from '@common/admin-plans';
import type { CurrentUser } from '@common/auth-schemas';
import { PLAN_RANK, PLANS, resolvePlan } from '@common/plans';
import { desc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { AppError, notFound } from '../../errors';
import { findEffectivePlans, findHeldPlans, writeComplimentaryPlan } from '../billing/entitlements';
import { recordOperatorAction } from './audit';

const MATCHES_SHOWN = 20;

type UserRow = Pick<typeof users.$inferSelect, 'id' | 'email' | 'firstName' | 'emailVerified' | 'createdAt'>;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

async function withPlans(db: Db, rows: UserRow[]): Promise<AccountPlan[]> {
  const plans = await findEffectivePlans(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const effective = plans.get(row.id) ?? { plan: 'none', source: null, complimentary: null };
    return {
      ...row,
      createdAt: row.createdAt.toISOString(),
      plan: effective.plan,
      planSource: effective.source,
      complimentaryPlan: effective.complimentary,
    };
  });
}

/** Accounts whose address contains `email` (case does not matter), newest first. */
export async function findAccounts(db: Db, email: string): Promise<AccountPlan[]> {
  const pattern = `%${email.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const rows = await db
    .select(userColumns)
    .from(users)
    .where(ilike(users.email, pattern))
    .orderBy(desc(users.createdAt))
    .limit(MATCHES_SHOWN);
  return withPlans(db, rows);
}

/**
 * Grants or removes an operator's complimentary plan, audited with its reason in the same
 * transaction. A grant sits beside what the account holds and never replaces it: one at or below a
 * paid or lifetime plan would change nothing and is refused.
 */
export async function setComplimentaryPlan(
  db: Db,
  operator: CurrentUser,
  userId: string,
  { plan, reason }: SetPlanRequest,
): Promise<AccountPlan> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound('That account');
    const held = (await findHeldPlans(tx, userId))!;
    const kept = resolvePlan({ ...held, complimentary: null });
    if (plan !== 'none' && PLAN_RANK[kept.plan] >= PLAN_RANK[plan]) {
      throw new AppError(
        'CONFLICT',
        `This account already has ${PLANS[kept.plan as keyof typeof PLANS].name} (${kept.source}); a complimentary plan never replaces a paid or lifetime one.`,
      );
    }
    if (plan === 'none' && !held.complimentary) {
      throw new AppError('CONFLICT', 'This account has no complimentary plan to remove.');
    }
    await writeComplimentaryPlan(
      tx,
      userId,
      plan === 'none' ? null : { plan, reason, grantedBy: operator.email },
    );
    await recordOperatorAction(tx, operator, plan === 'none' ? 'plan.remove' : 'plan.grant', userId, {
      plan,
      previous: held.complimentary,
      reason,
    });
  });
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  return (await withPlans(db, [row!]))[0]!;
}
