import { z } from 'zod';
import { PLAN_IDS, PLAN_SOURCES } from './plans';

export const createSubscriptionRequestSchema = z.object({
  plan: z.enum(PLAN_IDS, { message: 'Choose a plan: blueprint, guardian or mastermind.' }),
});

/** The secret Stripe.js confirms the first payment with (a PaymentIntent's or the first invoice's). */
export const createSubscriptionResponseSchema = z.object({ clientSecret: z.string() });

export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'paused',
  'canceled',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** GET /api/billing: what the subscribe page shows about the creator's own plan. */
export const billingStatusSchema = z.object({
  /** The plan the account has, whatever it comes from (common/plans.ts `resolvePlan`). */
  plan: z.enum(['none', ...PLAN_IDS]),
  /** Paid, a lifetime waitlist place, or an operator's complimentary grant; null without a plan. */
  planSource: z.enum(PLAN_SOURCES).nullable(),
  /** "Lifetime · The Guardian", "The Blueprint", "No plan yet". */
  planLabel: z.string(),
  /** The latest subscription's state, or null when there has never been one. */
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
  /** When the paid month ends (ISO 8601), for live subscriptions. */
  currentPeriodEnd: z.string().nullable(),
  /** Cancelled in the customer portal: the plan ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  hasBlueprint: z.boolean(),
  /** A Stripe customer exists, so the customer portal has something to show. */
  canManageBilling: z.boolean(),
});

export const portalSessionSchema = z.object({ url: z.string() });

export type CreateSubscriptionRequest = z.infer<typeof createSubscriptionRequestSchema>;
export type CreateSubscriptionResponse = z.infer<typeof createSubscriptionResponseSchema>;
export type BillingStatus = z.infer<typeof billingStatusSchema>;
export type PortalSession = z.infer<typeof portalSessionSchema>;
