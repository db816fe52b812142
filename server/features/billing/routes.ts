import { apiErrorSchema } from '@common/api-error';
import {
  billingStatusSchema,
  createSubscriptionRequestSchema,
  createSubscriptionResponseSchema,
  portalSessionSchema,
} from '@common/billing';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perClientLimit } from '../../http/rate-limit';
import { registerSignedInRoutes, type SignedIn, signedInUser } from '../auth/public';
import { registerLifetimePlaceRoutes } from './lifetime-place-routes';
import type { LifetimePlaceDeps } from './lifetime-place-service';
import { type BillingDeps, getBillingStatus, openCustomerPortal } from './service';
import { createSubscription } from './start-payment-service';
import { registerStripeWebhookRoute } from './webhook-routes';

/**
 * A creator starts a payment a few times at most; this stops a script from making Stripe objects. The
 * session check runs first, so the limit counts per creator, not per address.
 */
const PAYMENT_RATE_LIMIT = {
  ...perClientLimit({
    max: 20,
    windowMs: 60_000,
    message: 'Too many payment attempts in a minute. Please wait a moment and try again.',
  }),
  keyGenerator: (request: FastifyRequest) => `billing:${request.user?.id ?? request.ip}`,
};

export type BillingRouteDeps = BillingDeps & LifetimePlaceDeps & { supportEmail: string; signedIn: SignedIn };

/**
 * The billing feature's routes: paying for a plan and the customer portal (signed in); Stripe's
 * webhook and the £5 lifetime-place link with its return page (public).
 */
export async function registerBillingRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  await registerStripeWebhookRoute(app, deps);
  await registerLifetimePlaceRoutes(app, deps);
  await registerSignedInRoutes(app, deps.signedIn, (signedIn) => registerPlanRoutes(signedIn, deps));
}

function registerPlanRoutes(app: FastifyInstance, deps: BillingDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/create-subscription',
    {
      config: { rateLimit: PAYMENT_RATE_LIMIT },
      schema: {
        tags: ['billing'],
        summary:
          'Start paying for a plan: The Blueprint (one-time) or The Guardian / The Mastermind (monthly); answers the secret to confirm',
        body: createSubscriptionRequestSchema,
        response: {
          200: createSubscriptionResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => createSubscription(deps, signedInUser(request), request.body.plan),
  );

  routes.get(
    '/api/billing',
    {
      schema: {
        tags: ['billing'],
        summary: "The creator's plan, subscription state and whether the customer portal can open",
        response: { 200: billingStatusSchema, 401: apiErrorSchema },
      },
    },
    async (request) => getBillingStatus(deps, signedInUser(request).id),
  );

  routes.post(
    '/api/billing/portal',
    {
      config: { rateLimit: PAYMENT_RATE_LIMIT },
      schema: {
        tags: ['billing'],
        summary: "Open Stripe's customer portal (cancel, change plan, update the card); answers its URL",
        response: {
          200: portalSessionSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => openCustomerPortal(deps, signedInUser(request).id),
  );
}
