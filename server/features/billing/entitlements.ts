import {
  type EffectivePlan,
  type Feature,
  LIFETIME_PLAN,
  type PlanId,
  planCovers,
  planRequiredMessage,
  plansCovering,
  resolvePlan,
  type UserPlan,
} from '@common/plans';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { planGrants } from '../../db/schema/billing';
import { AppError } from '../../errors';

/*
 * The billing feature's public module: what plan an account has and what it covers. The plan is
 * worked out when it is read, from `users.plan` (paid, written by the webhook), an operator's grant
 * and the waitlist place held by the account's address once that address is proven, so a place
 * counts from whichever comes last (the account, the proof, the £5) without anything to update then.
 */

/** A waitlist place that brings the lifetime plan: a free one, or a £5 one that is paid. */
const lifetimePlaceOf = (user: SQL) => sql`(${user}.email_verified AND EXISTS (
  SELECT 1 FROM waitlist_signups places
  WHERE places.email = lower(${user}.email)
    AND (places.tier = 'free' OR (places.tier = 'lifetime_paid' AND places.paid_at IS NOT NULL))))`;

type Holdings = { id: string; paid: UserPlan; has_lifetime_place: boolean; complimentary: PlanId | null };

async function findHoldings(db: DbOrTx, userIds: string[]): Promise<Holdings[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.execute<Holdings>(sql`
    SELECT u.id, u.plan AS paid, ${lifetimePlaceOf(sql`u`)} AS has_lifetime_place, g.plan AS complimentary
    FROM users u LEFT JOIN plan_grants g ON g.user_id = u.id
    WHERE u.id = ANY(${sql.param(userIds)}::text[])`);
  return rows;
}

const toEffectivePlan = (row: Holdings | undefined): EffectivePlan =>
  row
    ? resolvePlan({
        paid: row.paid,
        hasLifetimePlace: row.has_lifetime_place,
        complimentary: row.complimentary,
      })
    : { plan: 'none', source: null };

/** The account's plan and where it comes from (no plan for an unknown id). */
export async function findEffectivePlan(db: DbOrTx, userId: string): Promise<EffectivePlan> {
  const [row] = await findHoldings(db, [userId]);
  return toEffectivePlan(row);
}

/** The plans of many accounts at once, by id. */
export async function findEffectivePlans(
  db: DbOrTx,
  userIds: string[],
): Promise<Map<string, EffectivePlan & { complimentary: PlanId | null }>> {
  const rows = await findHoldings(db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.id, { ...toEffectivePlan(row), complimentary: row.complimentary }]));
}

/** Of these accounts, the ones whose plan covers the feature. */
export async function filterUsersCovering(
  db: DbOrTx,
  userIds: string[],
  feature: Feature,
): Promise<Set<string>> {
  const plans = await findEffectivePlans(db, userIds);
  return new Set([...plans].filter(([, { plan }]) => planCovers(plan, feature)).map(([id]) => id));
}

/**
 * A condition on `users` (aliased as `user`) that holds for accounts whose plan covers the feature,
 * for statements that pick their recipients in SQL (bulletins fanned out to creators).
 */
export function userCoversSql(user: SQL, feature: Feature): SQL {
  const plans = plansCovering(feature);
  return sql`(${user}.plan = ANY(${sql.param(plans)}::text[])
    OR EXISTS (SELECT 1 FROM plan_grants g WHERE g.user_id = ${user}.id AND g.plan = ANY(${sql.param(plans)}::text[]))
    ${plans.includes(LIFETIME_PLAN) ? sql`OR ${lifetimePlaceOf(user)}` : sql``})`;
}

/** 402 PLAN_REQUIRED, naming the plan that opens the feature, unless the account's plan covers it. */
export async function requireFeature(db: DbOrTx, userId: string, feature: Feature): Promise<EffectivePlan> {
  const effective = await findEffectivePlan(db, userId);
  if (!planCovers(effective.plan, feature)) throw planRequired(feature);
  return effective;
}

export function planRequired(feature: Feature): AppError {
  return new AppError('PLAN_REQUIRED', planRequiredMessage(feature));
}

/** What an account holds, plan by plan, before the highest is taken (for the console). */
export async function findHeldPlans(db: DbOrTx, userId: string) {
  const [row] = await findHoldings(db, [userId]);
  if (!row) return null;
  return { paid: row.paid, hasLifetimePlace: row.has_lifetime_place, complimentary: row.complimentary };
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
