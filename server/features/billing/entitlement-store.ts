import type { PlanId, UserPlan } from '@common/plans';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accountPlans, planGrants } from '../../db/schema/billing';
import { findPlanFacts } from '../auth/public';
import { lifetimePlaceHolders } from '../waitlist/public';

/*
 * What accounts hold, each part from the feature that keeps it: from auth, which accounts exist and their
 * proven addresses; from the waitlist, which of those addresses hold a place bringing the lifetime plan;
 * from our own tables, the paid plan (`account_plans`) and the complimentary one (`plan_grants`). One
 * statement each, for any number of accounts; a plan is worked out in TypeScript from what they answer
 * (decisions 053 and 054).
 */

export type Holdings = {
  id: string;
  paid: UserPlan;
  hasLifetimePlace: boolean;
  complimentary: PlanId | null;
};

export async function findHoldings(db: DbOrTx, userIds: readonly string[]): Promise<Holdings[]> {
  if (userIds.length === 0) return [];
  const [accounts, ours] = await Promise.all([findPlanFacts(db, userIds), findOwnHoldings(db, userIds)]);
  if (accounts.length === 0) return [];
  const proven = accounts.flatMap((account) => (account.provenAddress ? [account.provenAddress] : []));
  const placeHolders = await lifetimePlaceHolders(db, proven);
  return accounts.map((account) => ({
    id: account.id,
    paid: ours.get(account.id)?.paid ?? 'none',
    hasLifetimePlace: account.provenAddress !== null && placeHolders.has(account.provenAddress),
    complimentary: ours.get(account.id)?.complimentary ?? null,
  }));
}

type OwnHoldings = { paid: PlanId | null; complimentary: PlanId | null };

/** The paid and complimentary plans of those of these accounts that hold either, in one statement. */
async function findOwnHoldings(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, OwnHoldings>> {
  const { rows } = await db.execute<OwnHoldings & { user_id: string }>(sql`
    SELECT given.id AS user_id, paid.plan AS paid, granted.plan AS complimentary
    FROM unnest(${sql.param([...userIds])}::text[]) AS given(id)
    LEFT JOIN ${accountPlans} paid ON paid.user_id = given.id
    LEFT JOIN ${planGrants} granted ON granted.user_id = given.id
    WHERE paid.user_id IS NOT NULL OR granted.user_id IS NOT NULL`);
  return new Map(rows.map((row) => [row.user_id, { paid: row.paid, complimentary: row.complimentary }]));
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
