import { type PublicConfig, publicConfigSchema } from '@common/auth-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { isOidcConfigured } from '../features/auth/public';
import { emailTransportFor } from '../integrations/email/email-sender';

export function registerPublicConfigRoute(app: FastifyInstance, config: Config) {
  const settings: PublicConfig = {
    // EmailJS carries only the waitlist welcome, so with it alone a sign-in link would never arrive.
    signIn: {
      password: true,
      magicLink: emailTransportFor(config) !== 'emailjs',
      singleSignOn: isOidcConfigured(config),
    },
    stripePublishableKey: config.STRIPE_SECRET_KEY ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
    supportEmail: config.supportEmail,
    company: config.company,
  };
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      schema: {
        tags: ['system'],
        summary:
          'Public runtime settings: sign-in methods, Stripe publishable key, support address, data controller',
        response: { 200: publicConfigSchema },
      },
    },
    async () => settings,
  );
}
