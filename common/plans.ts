/**
 * The three paid plans (spec §9). Amounts are whole pence; the names and prices are the ones every
 * screen and the payment provider show. No zod here: plain facts both sides read.
 */

export const PLAN_IDS = ['blueprint', 'guardian', 'mastermind'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What `users.plan` holds: a paid plan, or 'none' until a signed payment event says otherwise. */
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
    summary: 'Your 30-day monetisation plan, paid once.',
    features: [
      'AI-generated 30-day blueprint with weekly tasks',
      'Social health check with risk scores',
      'Revenue tracker and dashboard',
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
      'Real-time algorithm alerts, 24/7 monitoring',
      'Critical and high alerts by email',
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
      'Hands-on monetisation strategy',
      'Priority support from our team',
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

/** Stated on the subscribe page's trust band (spec §9). */
export const MONEY_BACK_DAYS = 30;
