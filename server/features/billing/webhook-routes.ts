import { apiErrorSchema } from '@common/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processStripeEvent, verifyStripeEvent, type WebhookDeps } from './webhook-service';

/**
 * `POST /api/stripe/webhook`: public, because its signature is its authorisation. The signature covers
 * the exact bytes Stripe sent, so this route alone reads JSON as a raw buffer (its own plugin scope)
 * and parses it only after verifying it.
 */
export async function registerStripeWebhookRoute(app: FastifyInstance, deps: WebhookDeps) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/stripe/webhook',
      {
        schema: {
          tags: ['billing'],
          summary:
            'Signed Stripe events: payments and subscription changes set plans; each event counts once',
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: apiErrorSchema,
            415: apiErrorSchema,
            503: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = verifyStripeEvent(deps.payments, body, request.headers['stripe-signature']);
        const outcome = await processStripeEvent(deps, event);
        return { received: true as const, duplicate: outcome === 'duplicate' };
      },
    );
  });
}
