import { type Feature, LIFETIME_PLAN, type PlanId, plansCovering, type UserPlan } from '@common/plans';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planGrants } from '../../db/schema/billing';
import { accountsForPlansSql } from '../auth/public';
import { holdsLifetimePlaceSql } from '../waitlist/public';

/*
 * What an account holds, read in one statement: the paid plan and the proven address come from auth
 * (`accountsForPlansSql`), the place that address holds from the waitlist (`holdsLifetimePlaceSql`),
 * the complimentary plan from our own `plan_grants`. A plan is worked out where it is read (decision
 * 024), and statements that pick their recipients in SQL (bulletins, the alert scan, the console's
 * priority inbox) take the same condition as a fragment.
 */

/** A waitlist place that brings the lifetime plan, held by the account's proven address. */
const lifetimePlaceOf = (account: SQL) =>
  sql`(${account}.email_verified AND ${holdsLifetimePlaceSql(sql`${account}.email`)})`;

export type Holdings = {
  id: string;
  paid: UserPlan;
  has_lifetime_place: boolean;
  complimentary: PlanId | null;
};

export async function findHoldings(db: DbOrTx, userIds: string[]): Promise<Holdings[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.execute<Holdings>(sql`
    SELECT u.id, u.plan AS paid, ${lifetimePlaceOf(sql`u`)} AS has_lifetime_place, g.plan AS complimentary
    FROM (${accountsForPlansSql((id) => sql`${id} = ANY(${sql.param(userIds)}::text[])`)}) u
    LEFT JOIN plan_grants g ON g.user_id = u.id`);
  return rows;
}

/** A condition on an account row from `accountsForPlansSql` (aliased as `user`) whose plan covers the feature. */
function userCoversSql(user: SQL, feature: Feature): SQL {
  const plans = plansCovering(feature);
  return sql`(${user}.plan = ANY(${sql.param(plans)}::text[])
    OR EXISTS (SELECT 1 FROM plan_grants g WHERE g.user_id = ${user}.id AND g.plan = ANY(${sql.param(plans)}::text[]))
    ${plans.includes(LIFETIME_PLAN) ? sql`OR ${lifetimePlaceOf(user)}` : sql``})`;
}

/** A condition that holds when the account with this id (an expression, such as a column) has a plan covering the feature. */
export function accountCoversSql(userId: SQL, feature: Feature): SQL {
  return sql`EXISTS (SELECT 1 FROM (${accountsForPlansSql((id) => sql`${id} = ${userId}`)}) covered
    WHERE ${userCoversSql(sql`covered`, feature)})`;
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
