import type { PlanId, UserPlan } from '@common/plans';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planGrants } from '../../db/schema/billing';
import { findPlanFacts } from '../auth/public';
import { lifetimePlaceHolders } from '../waitlist/public';

/*
 * What accounts hold, asked of each feature that knows part of it through its typed functions: the paid
 * plan and the proven address from auth, whether that address holds a place bringing the lifetime plan
 * from the waitlist, the complimentary plan from our own `plan_grants`. One statement each, for any
 * number of accounts; a plan is worked out in TypeScript from what they answer (decision 053).
 */

export type Holdings = {
  id: string;
  paid: UserPlan;
  hasLifetimePlace: boolean;
  complimentary: PlanId | null;
};

export async function findHoldings(db: DbOrTx, userIds: readonly string[]): Promise<Holdings[]> {
  if (userIds.length === 0) return [];
  const accounts = await findPlanFacts(db, userIds);
  if (accounts.length === 0) return [];
  const proven = accounts.flatMap((account) => (account.provenAddress ? [account.provenAddress] : []));
  const [placeHolders, grants] = await Promise.all([
    lifetimePlaceHolders(db, proven),
    findComplimentaryPlans(
      db,
      accounts.map((account) => account.id),
    ),
  ]);
  return accounts.map((account) => ({
    id: account.id,
    paid: account.paid,
    hasLifetimePlace: account.provenAddress !== null && placeHolders.has(account.provenAddress),
    complimentary: grants.get(account.id) ?? null,
  }));
}

async function findComplimentaryPlans(db: DbOrTx, userIds: string[]): Promise<Map<string, PlanId>> {
  const rows = await db
    .select({ userId: planGrants.userId, plan: planGrants.plan })
    .from(planGrants)
    .where(sql`${planGrants.userId} = ANY(${sql.param(userIds)}::text[])`);
  return new Map(rows.map((row) => [row.userId, row.plan as PlanId]));
}

/** Puts or removes an operator's complimentary plan (the caller audits it in the same transaction). */
export async function writeComplimentaryPlan(
  db: DbOrTx,
  userId: string,
  grant: { plan: PlanId; reason: string; grantedBy: string } | null,
) {
  if (!grant) {
    await db.delete(planGrants).where(eq(planGrants.userId, userId));
    return;
  }
  await db
    .insert(planGrants)
    .values({ userId, ...grant })
    .onConflictDoUpdate({ target: planGrants.userId, set: { ...grant, createdAt: sql`now()` } });
}
