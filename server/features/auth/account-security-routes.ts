import { accountSecuritySchema } from '@common/account';
import { apiErrorSchema } from '@common/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { describeAccountSecurity, signOutOtherDevices } from './account-security-service';
import { signedInSession, signedInUser } from './session';
import { dismissPasswordRemoved } from './store';

/**
 * `/api/account/sessions`: the devices signed in to the account, and a way to sign the others out.
 * Ending a session ends the alert streams it opened, on every instance (the sessions table announces it).
 */
export function registerAccountSecurityRoutes(signedIn: FastifyInstance, deps: { db: Db }) {
  const routes = signedIn.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];

  routes.get(
    '/api/account/sessions',
    {
      schema: {
        tags,
        summary:
          'The devices signed in to this account (newest activity first), and whether it has a password',
        response: { 200: accountSecuritySchema, 401: apiErrorSchema },
      },
    },
    async (request) => describeAccountSecurity(deps.db, signedInUser(request).id, signedInSession(request)),
  );

  routes.post(
    '/api/account/sessions/sign-out-others',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Sign out every other device; this one stays signed in',
        response: {
          200: z.object({ signedOut: z.number().int() }),
          401: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      signedOut: await signOutOtherDevices(deps.db, signedInUser(request).id, signedInSession(request)),
    }),
  );

  routes.post(
    '/api/account/password-notice/dismiss',
    {
      schema: {
        tags,
        summary: 'Hide the notice that a sign-in link removed a password set before the address was proven',
        response: { 204: z.null(), 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await dismissPasswordRemoved(deps.db, signedInUser(request).id);
      return reply.status(204).send(null);
    },
  );
}
