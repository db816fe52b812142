import {
  type EffectivePlan,
  type Feature,
  type PlanId,
  planCovers,
  planRequiredMessage,
  resolvePlan,
} from '@common/plans';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findHoldings, type Holdings } from './entitlement-store';

/*
 * What plan an account has and what it covers: the typed questions other features ask (decision 053).
 * The plan is worked out when it is read, from `account_plans` (paid, written by the webhook), an
 * operator's grant and the waitlist place held by the account's address once that address is proven,
 * so a place counts from whichever comes last (the account, the proof, the £5) without anything to
 * update then.
 */

const toEffectivePlan = (row: Holdings | undefined): EffectivePlan =>
  row
    ? resolvePlan({
        paid: row.paid,
        hasLifetimePlace: row.hasLifetimePlace,
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

/** Of these accounts, the ones whose plan covers the feature: one statement per source, however many. */
export async function filterUsersCovering(
  db: DbOrTx,
  userIds: string[],
  feature: Feature,
): Promise<Set<string>> {
  const plans = await findEffectivePlans(db, userIds);
  return new Set([...plans].filter(([, { plan }]) => planCovers(plan, feature)).map(([id]) => id));
}

/** Whether the account's plan covers the feature (false for an unknown id). */
export async function accountCovers(db: DbOrTx, userId: string, feature: Feature): Promise<boolean> {
  return planCovers((await findEffectivePlan(db, userId)).plan, feature);
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
  return { paid: row.paid, hasLifetimePlace: row.hasLifetimePlace, complimentary: row.complimentary };
}
