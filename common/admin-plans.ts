import { z } from 'zod';
import { PLAN_IDS, PLAN_SOURCES } from './plans';

/** GET /api/admin/users?email=: accounts whose address contains this. */
export const usersQuerySchema = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(3, 'Type at least 3 characters of the address to search for.')
    .max(254, 'An email address is at most 254 characters.')
    .optional(),
});

/** An account as the console's Users tab shows it: its plan and where that plan comes from. */
export const accountPlanSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  emailVerified: z.boolean(),
  plan: z.enum(['none', ...PLAN_IDS]),
  planSource: z.enum(PLAN_SOURCES).nullable(),
  /** The operator's grant, when there is one (it may sit under a higher paid or lifetime plan). */
  complimentaryPlan: z.enum(PLAN_IDS).nullable(),
  createdAt: z.string(),
});
export type AccountPlan = z.infer<typeof accountPlanSchema>;

/** PUT /api/admin/users/{id}/plan */
export const setPlanRequestSchema = z.object({
  plan: z.enum(['none', ...PLAN_IDS], {
    message: 'Choose a plan: blueprint, guardian, mastermind, or none to remove the grant.',
  }),
  reason: z
    .string({ message: 'Say why (it goes into the audit log).' })
    .trim()
    .min(3, 'Say why in a few words (it goes into the audit log).')
    .max(500, 'Keep the reason under 500 characters.'),
});
export type SetPlanRequest = z.infer<typeof setPlanRequestSchema>;

/** A payment the account made, as the console lists it for refunds. */
export const accountPaymentSchema = z.object({
  id: z.string(),
  description: z.string(),
  amountPence: z.number(),
  currency: z.string(),
  createdAt: z.string(),
  isRefunded: z.boolean(),
  /** Paid, not refunded, and within the money-back days. */
  isRefundable: z.boolean(),
});
export type AccountPayment = z.infer<typeof accountPaymentSchema>;

/** POST /api/admin/users/{id}/refunds */
export const refundRequestSchema = z.object({
  paymentId: z.string().regex(/^pi_\w+$/, 'paymentId is a Stripe PaymentIntent id, like pi_3Q…'),
  reason: setPlanRequestSchema.shape.reason,
});

export const refundResultSchema = z.object({
  refundId: z.string(),
  amountPence: z.number(),
  /** A subscription's payment refunded: the subscription is cancelled too. */
  isSubscriptionCancelled: z.boolean(),
});
export type RefundResult = z.infer<typeof refundResultSchema>;
