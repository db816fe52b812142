import Stripe from 'stripe';
import type { Config } from '../../config';

export { Stripe };

/**
 * The Stripe API version every request names, and the one the webhook endpoint must be created with
 * (docs/operations.md): events are rendered in the endpoint's version, and the webhook reads this one's
 * shapes (since 2025-03-31.basil a subscription's period is on its items). It is the version this SDK
 * release is typed for; moving it means reading Stripe's changelog for every shape we read.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/** How long one call to Stripe may take before the request that needed it gives up. */
const STRIPE_TIMEOUT_MS = 20_000;

/**
 * The Stripe SDK for this configuration, or undefined when STRIPE_SECRET_KEY is unset (payments off).
 * STRIPE_API_URL points it at another server (a local stand-in in tests); the SDK sends idempotency
 * keys with its own retries, so a retried creation never makes two objects.
 */
export function createStripeClient(config: Config): Stripe | undefined {
  if (!config.STRIPE_SECRET_KEY) return undefined;
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: STRIPE_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Ballast' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Start-up lines saying what payments can do under this configuration. */
export function describePayments(config: Config): { level: 'info' | 'warn'; message: string }[] {
  if (!config.STRIPE_SECRET_KEY) {
    return [
      {
        level: config.isProduction ? 'warn' : 'info',
        message:
          'Payments: off (STRIPE_SECRET_KEY unset): plans cannot be bought and lifetime places are not charged',
      },
    ];
  }
  const lines: { level: 'info' | 'warn'; message: string }[] = [
    {
      level: 'info',
      message: `Payments: Stripe${config.STRIPE_API_URL ? ` at ${config.STRIPE_API_URL}` : ''}, API version ${STRIPE_API_VERSION} (the webhook endpoint must use it)`,
    },
  ];
  if (!config.STRIPE_WEBHOOK_SECRET) {
    lines.push({
      level: 'warn',
      message:
        'Payments: STRIPE_WEBHOOK_SECRET unset: webhooks are refused, so payments never change a plan or mark a place paid',
    });
  }
  if (!config.STRIPE_PUBLISHABLE_KEY) {
    lines.push({
      level: 'warn',
      message: 'Payments: STRIPE_PUBLISHABLE_KEY unset: the subscribe page says payments are not configured',
    });
  }
  return lines;
}
