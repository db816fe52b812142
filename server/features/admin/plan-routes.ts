import {
  accountPaymentSchema,
  accountPlanSchema,
  refundRequestSchema,
  refundResultSchema,
  setPlanRequestSchema,
} from '@common/admin-plans';
import { apiErrorSchema } from '@common/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../auth/public';
import { listAccountPayments, type RefundDeps, refundAccountPayment } from '../billing/public';
import { setComplimentaryPlan } from './account-service';
import { recordOperatorAction } from './store';

const accountParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/, 'That is not an account id: use the id from GET /api/admin/users.'),
});

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** An account's plan and payments, inside the console's operators-only scope (admin/routes.ts). */
export function registerAccountPlanRoutes(scope: FastifyInstance, deps: RefundDeps) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];

  routes.put(
    '/api/admin/users/:id/plan',
    {
      schema: {
        tags,
        summary:
          'Grant a complimentary plan (or "none" to remove it), with the reason, audited; never over a paid or lifetime plan',
        params: accountParamsSchema,
        body: setPlanRequestSchema,
        response: { 200: accountPlanSchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request) => setComplimentaryPlan(deps.db, signedInUser(request), request.params.id, request.body),
  );

  routes.get(
    '/api/admin/users/:id/payments',
    {
      schema: {
        tags,
        summary: "The account's payments that went through, newest first, and which can still be refunded",
        params: accountParamsSchema,
        response: { 200: z.array(accountPaymentSchema), ...errors, 503: apiErrorSchema },
      },
    },
    async (request) => listAccountPayments(deps, request.params.id),
  );

  routes.post(
    '/api/admin/users/:id/refunds',
    {
      schema: {
        tags,
        summary:
          'Refund a payment under 30 days old in full through Stripe (a subscription is cancelled too); the plan goes with the webhook',
        params: accountParamsSchema,
        body: refundRequestSchema,
        response: { 200: refundResultSchema, ...errors, 409: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const result = await refundAccountPayment(deps, request.params.id, request.body);
      await recordOperatorAction(deps.db, signedInUser(request), 'payment.refund', request.params.id, {
        paymentId: request.body.paymentId,
        amountPence: result.amountPence,
        isSubscriptionCancelled: result.isSubscriptionCancelled,
        reason: request.body.reason,
      });
      return result;
    },
  );
}
