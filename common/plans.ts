/**
 * The three paid plans (docs/product/plans.md). Amounts are whole pence; the names and prices are the ones
 * every screen and the payment provider show. No zod here: plain facts both sides read.
 */

import { PLAN_IDS, type PlanId, subscribePath } from './plan-ids';

export { PLAN_IDS, type PlanId, subscribePath } from './plan-ids';

/** A plan an account has, or 'none'. */
export type UserPlan = PlanId | 'none';

export type Plan = {
  id: PlanId;
  name: string;
  amountPence: number;
  /** Subscriptions renew monthly; The Blueprint is paid once. */
  interval: 'month' | null;
  isMostPopular: boolean;
  summary: string;
  features: readonly string[];
};

export const PLANS: Record<PlanId, Plan> = {
  blueprint: {
    id: 'blueprint',
    name: 'The Blueprint',
    amountPence: 7900,
    interval: null,
    isMostPopular: false,
    summary: 'Your full 30-day monetisation plan, paid once.',
    features: [
      'The full 30-day blueprint: all four weeks of tasks',
      'A new blueprint each month for a year',
      'Revenue tracker, health check and in-app alerts',
    ],
  },
  guardian: {
    id: 'guardian',
    name: 'The Guardian',
    amountPence: 2900,
    interval: 'month',
    isMostPopular: true,
    summary: 'Real-time alerts before an algorithm change hits your income.',
    features: [
      'Everything in The Blueprint',
      'Real-time alerts: a scan every 5 minutes, live on your dashboard',
      'Critical and high alerts by email',
      'Daily platform sync and algorithm-change bulletins',
    ],
  },
  mastermind: {
    id: 'mastermind',
    name: 'The Mastermind',
    amountPence: 19900,
    interval: 'month',
    isMostPopular: false,
    summary: 'Hands-on strategy for established creators.',
    features: [
      'Everything in The Guardian',
      'A monthly strategy review with our team',
      'Priority support: your messages answered first',
    ],
  },
};

/**
 * Subscription states that keep their plan. A past-due one keeps it while Stripe retries the payment;
 * unpaid, paused, canceled and never-paid ones do not.
 */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

export function isLiveSubscriptionStatus(status: string | null | undefined): boolean {
  return (LIVE_SUBSCRIPTION_STATUSES as readonly (string | null | undefined)[]).includes(status);
}

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** "£79", "£5", "£4.50": whole pounds without pence. */
export function formatPence(pence: number): string {
  const pounds = pence / 100;
  return `£${Number.isInteger(pounds) ? pounds : pounds.toFixed(2)}`;
}

export function formatPlanPrice(plan: Plan): string {
  return formatPence(plan.amountPence);
}

/** "one-time" or "per month", as the pricing copy says it. */
export function planBilling(plan: Plan): string {
  return plan.interval ? `per ${plan.interval}` : 'one-time';
}

/** The £5 that makes a lifetime waitlist place (positions 51–550) yours. */
export const LIFETIME_PLACE_PRICE_PENCE = 500;

/** Stated on the subscribe page's trust band. */
export const MONEY_BACK_DAYS = 30;

/*
 * Entitlements (docs/decisions/024-what-each-plan-buys.md): what each plan opens. The server enforces
 * them (402 PLAN_REQUIRED naming the plan); the client reads the same table to say what is locked.
 */

/** Plans in order: each includes everything the ones before it open. */
export const PLAN_RANK: Record<UserPlan, number> = { none: 0, blueprint: 1, guardian: 2, mastermind: 3 };

/** Where an account's plan comes from; `null` when it has none. */
export const PLAN_SOURCES = ['paid', 'lifetime', 'complimentary'] as const;
export type PlanSource = (typeof PLAN_SOURCES)[number];

/** A waitlist place (free, or lifetime paid) gives this plan for life to its proven address. */
export const LIFETIME_PLAN: PlanId = 'guardian';

export const FEATURES = {
  fullBlueprint: { plan: 'blueprint', name: 'The full 30-day blueprint (weeks 2–4)' },
  newBlueprint: { plan: 'blueprint', name: 'Another blueprint' },
  monthlyBlueprints: { plan: 'guardian', name: 'A new blueprint after your Blueprint year' },
  realTimeAlerts: { plan: 'guardian', name: 'Real-time alerts' },
  alertEmails: { plan: 'guardian', name: 'Alerts by email' },
  platformSync: { plan: 'guardian', name: 'The daily platform sync' },
  bulletins: { plan: 'guardian', name: 'Algorithm-change bulletins' },
  prioritySupport: { plan: 'mastermind', name: 'Priority support' },
  strategyReview: { plan: 'mastermind', name: 'The monthly strategy review' },
} as const satisfies Record<string, { plan: PlanId; name: string }>;
export type Feature = keyof typeof FEATURES;

/** The blueprint's first week is a preview on every account; the rest needs `fullBlueprint`. */
export const PREVIEW_WEEKS = 1;

/** A Blueprint bought once brings a new blueprint each month for this many months. */
export const BLUEPRINT_MONTHS = 12;

export function planCovers(plan: UserPlan, feature: Feature): boolean {
  return PLAN_RANK[plan] >= PLAN_RANK[FEATURES[feature].plan];
}

/** The plans that open a feature, cheapest first. */
export function plansCovering(feature: Feature): PlanId[] {
  return PLAN_IDS.filter((plan) => planCovers(plan, feature));
}

/** The 402 message: what is locked, which plan opens it, where to get it. */
export function planRequiredMessage(feature: Feature): string {
  const { plan, name } = FEATURES[feature];
  return `${name}: available with ${PLANS[plan].name} (${formatPlanPrice(PLANS[plan])} ${planBilling(PLANS[plan])}). Choose it at ${subscribePath(plan)}.`;
}

export type EffectivePlan = { plan: UserPlan; source: PlanSource | null };

/**
 * The plan an account has, from what it holds: a paid plan (the webhook's `account_plans`), a lifetime
 * place (only counted once the address is proven) and an operator's complimentary grant. The highest
 * wins; on a tie, paid before lifetime before complimentary.
 */
export function resolvePlan(holds: {
  paid: UserPlan;
  hasLifetimePlace: boolean;
  complimentary: UserPlan | null;
}): EffectivePlan {
  const candidates: [UserPlan, PlanSource][] = [
    [holds.paid, 'paid'],
    [holds.hasLifetimePlace ? LIFETIME_PLAN : 'none', 'lifetime'],
    [holds.complimentary ?? 'none', 'complimentary'],
  ];
  let best: EffectivePlan = { plan: 'none', source: null };
  for (const [plan, source] of candidates) {
    if (PLAN_RANK[plan] > PLAN_RANK[best.plan]) best = { plan, source };
  }
  return best;
}

/** "Lifetime · The Guardian", "The Blueprint", "No plan yet". */
export function describePlan({ plan, source }: EffectivePlan): string {
  if (plan === 'none') return 'No plan yet';
  if (source === 'lifetime') return `Lifetime · ${PLANS[plan].name}`;
  if (source === 'complimentary') return `${PLANS[plan].name} (complimentary)`;
  return PLANS[plan].name;
}

/** The Mastermind's priority support: the console shows each of their messages' reply-by time. */
export const PRIORITY_REPLY_HOURS = 4;

export const STRATEGY_REVIEW_REQUESTED = `Your strategy review request is with our team. We will reply within ${PRIORITY_REPLY_HOURS} hours to arrange it.`;
