import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { createStripeClient, Stripe } from '../../integrations/stripe/client';
import { createPriceCatalog, type PriceCatalog } from '../../integrations/stripe/prices';

/** Stripe and its prices, when STRIPE_SECRET_KEY is set. */
export type Payments = { stripe: Stripe; prices: PriceCatalog; webhookSecret: string | undefined };

export function createPayments(config: Config): Payments | undefined {
  const stripe = createStripeClient(config);
  if (!stripe) return undefined;
  return { stripe, prices: createPriceCatalog(stripe), webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}

export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Payments are not set up on this server yet, so plans cannot be bought. Please contact support.';

export function requirePayments(payments: Payments | undefined): Payments {
  if (!payments) throw new AppError('PAYMENTS_NOT_CONFIGURED', PAYMENTS_NOT_CONFIGURED_MESSAGE);
  return payments;
}

export function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/**
 * Runs calls to Stripe; a failure there (an outage, a refused request) is logged with Stripe's own
 * words and answered with a 503 a person can act on, never a 500.
 */
export async function withStripe<T>(log: FastifyBaseLogger, what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!isStripeError(error)) throw error;
    log.error(
      {
        stripeError: {
          type: error.type,
          code: error.code,
          status: error.statusCode,
          requestId: error.requestId,
        },
      },
      `Stripe refused to ${what}: ${error.message}`,
    );
    throw new AppError(
      'UNAVAILABLE',
      'The payment provider could not be reached just now. Nothing was charged; please try again in a moment.',
    );
  }
}
