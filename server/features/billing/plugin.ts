import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { describePayments } from '../../integrations/stripe/client';
import { lifetimePlaceLink } from '../../integrations/stripe/lifetime-place-link';
import type { SignedIn } from '../auth/public';
import { createPayments, type Payments } from './payments';
import { registerBillingRoutes } from './routes';

/** What billing hands other features: account deletion and operators' refunds, the waitlist's emails. */
export type BillingServices = {
  /** Stripe and its prices, when STRIPE_SECRET_KEY is set. */
  payments: Payments | undefined;
  /** The emailed £5 link for a lifetime waitlist place, when payments are set up. */
  lifetimePlaceLink: ((signupId: string) => string) | undefined;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Payments and the lifetime-place link (billing's plugin). */
    billing: BillingServices;
  }
}

export type BillingPluginOptions = { config: Config; db: Db; signedIn: SignedIn };

/**
 * Plans and payments: Stripe, said once in the log whether it is set up, and billing's routes. The
 * instance carries `billing`, which the other features' plugins are given; so this plugin does not keep
 * to its own context. Its routes do (the webhook reads its body as raw bytes).
 */
async function billing(app: FastifyInstance, { config, db, signedIn }: BillingPluginOptions) {
  const payments = createPayments(config);
  for (const line of describePayments(config)) app.log[line.level](line.message);
  const { publicUrl, sessionSecret, supportEmail } = config;
  app.decorate('billing', {
    payments,
    lifetimePlaceLink: payments
      ? (signupId: string) => lifetimePlaceLink(publicUrl, sessionSecret, signupId)
      : undefined,
  } satisfies BillingServices);
  await app.register(async (routes) => {
    await registerBillingRoutes(routes, {
      db,
      payments,
      publicUrl,
      sessionSecret,
      supportEmail,
      log: app.log,
      signedIn,
    });
  });
}

export const billingPlugin = fastifyPlugin(billing, { name: 'billing', fastify: '5.x' });
