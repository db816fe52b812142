import { apiErrorSchema } from '@common/api-error';
import { AUTH_BASE_PATH } from '@common/auth';
import { currentUserSchema } from '@common/auth-schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../integrations/storage/storage';
import { registerAccountSecurityRoutes } from './account-security-routes';
import { type Auth, isOidcConfigured, OIDC_PROVIDER_ID } from './better-auth';
import { registerEmailLinkRoutes } from './email-link-routes';
import { answerFromLibrary } from './library-http';
import { registerLogoutRoutes } from './logout-routes';
import { registerNotMeRoutes } from './not-me-routes';
import { registerSignedInRoutes, type SignedIn } from './session';

export type AuthRouteDeps = {
  auth: Auth;
  signedIn: SignedIn;
  config: Config;
  db: Db;
  /** Where "This wasn't me" finds the files of the account it deletes. */
  storage: FileStorage;
  log: FastifyBaseLogger;
  now: Clock;
};

/**
 * The auth feature's routes: the library's own endpoints, the signed-in user, signing in and out, the
 * "This wasn't me" link (public) and the account's sessions (signed in).
 */
export async function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps) {
  const { auth, config, signedIn } = deps;
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    // Reads are held to the one spelling too (email-link-routes.ts guards the links); every link we
    // send has it.
    handler: (request, reply) => answerFromLibrary(auth, config, request, reply),
  });

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or 401 when signed out',
        response: { 200: currentUserSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await signedIn.currentUser(request);
      if (!user) throw new AppError('UNAUTHORIZED', 'You are signed out.');
      return user;
    },
  );

  routes.get(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Start signing in: single sign-on when configured, else /sign-in',
        // A visitor who chose to create an account (the landing page's purchase) lands on that form.
        querystring: z.object({ mode: z.enum(['create']).optional() }),
      },
    },
    async (request, reply) => {
      if (!isOidcConfigured(config)) {
        return reply.redirect(request.query.mode === 'create' ? '/sign-in?mode=create' : '/sign-in');
      }
      const response = await auth.api.signInSocial({
        body: {
          provider: OIDC_PROVIDER_ID,
          callbackURL: '/',
          errorCallbackURL: '/sign-in',
          disableRedirect: true,
        },
        headers: fromNodeHeaders(request.headers),
        asResponse: true,
      });
      const { url } = (await response.clone().json()) as { url?: string };
      if (!response.ok || !url) {
        request.log.error({ status: response.status }, 'single sign-on could not start');
        throw new AppError('UNAVAILABLE', 'Single sign-on is unavailable right now. Try again in a moment.');
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return reply.redirect(url);
    },
  );

  await registerEmailLinkRoutes(app, deps);
  await registerLogoutRoutes(app, { auth, config });
  await registerNotMeRoutes(app, deps);
  await registerSignedInRoutes(app, signedIn, (scope) => registerAccountSecurityRoutes(scope, deps));
}
