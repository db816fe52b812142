import type { UsersOverview } from '@common/admin';
import type { AccountPlan, SetPlanRequest } from '@common/admin-plans';
import type { CurrentUser } from '@common/auth-schemas';
import { PLAN_RANK, PLANS, resolvePlan } from '@common/plans';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  type AccountSummary,
  countAccountsByOnboarding,
  findAccountSummary,
  findAccountsByEmail,
  listNewestAccounts,
  lockAccount,
} from '../auth/public';
import { findEffectivePlans, findHeldPlans, writeComplimentaryPlan } from '../billing/public';
import { recordOperatorAction } from './store';

const MATCHES_SHOWN = 20;
const RECENT_SHOWN = 20;

/**
 * Accounts by plan and onboarding state, and the latest sign-ups. Each account's plan is the one billing
 * says it has (paid, lifetime place or complimentary), never the paid plan alone, which knows nothing of
 * a grant: the console showed "No plan" after one. Every account is read for the tiles; the console is
 * opened by a few operators, and billing's batched reads keep it to a few statements however many.
 */
export async function findUsersOverview(db: Db): Promise<UsersOverview> {
  const [groups, accounts] = await Promise.all([
    countAccountsByOnboarding(db),
    listNewestAccounts(db, Number.MAX_SAFE_INTEGER),
  ]);
  const plans = await findEffectivePlans(
    db,
    accounts.map((account) => account.id),
  );
  const planOf = (id: string) => plans.get(id)?.plan ?? 'none';
  const byPlan: UsersOverview['byPlan'] = { none: 0, blueprint: 0, guardian: 0, mastermind: 0 };
  for (const account of accounts) byPlan[planOf(account.id)] += 1;
  let onboarded = 0;
  let total = 0;
  for (const group of groups) {
    if (group.onboardingCompleted) onboarded += group.total;
    total += group.total;
  }
  return {
    total,
    byPlan,
    onboarded,
    notOnboarded: total - onboarded,
    recent: accounts.slice(0, RECENT_SHOWN).map((row) => ({
      ...row,
      plan: planOf(row.id),
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

/** The accounts with the plan billing says each has, and where it comes from. */
export async function withPlans(db: Db, rows: AccountSummary[]): Promise<AccountPlan[]> {
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
  return withPlans(db, await findAccountsByEmail(db, email, MATCHES_SHOWN));
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
    if (!(await lockAccount(tx, userId))) throw notFound('That account');
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
  return (await withPlans(db, [(await findAccountSummary(db, userId))!]))[0]!;
}
