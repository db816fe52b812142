/**
 * The plans' ids and the subscribe page's address for each, apart from the plans' details in
 * `plans.ts` (which re-exports them): the landing page's first chunk needs only these (decision 014).
 */
export const PLAN_IDS = ['blueprint', 'guardian', 'mastermind'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Where a locked feature's "choose a plan" link goes: the subscribe page with that plan chosen. */
export function subscribePath(plan: PlanId): string {
  return `/subscribe?plan=${plan}`;
}
