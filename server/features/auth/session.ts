import type { CurrentUser } from '@common/auth-schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Auth } from './better-auth';
import { hasSessionCookie } from './session-cookie';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route registered through `registerSignedInRoutes`. */
    user: CurrentUser | null;
  }
}

type SessionUser = {
  id: string;
  email: string;
  name: string;
  image?: string | null;
  onboardingCompleted?: boolean | null;
  plan?: string | null;
};

export function toCurrentUser(user: SessionUser, config: Config): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.name || null,
    profileImageUrl: user.image ?? null,
    onboardingCompleted: Boolean(user.onboardingCompleted),
    plan: user.plan ?? 'none',
    isAdmin: config.ADMIN_EMAILS.includes(user.email.toLowerCase()),
  };
}

export async function findCurrentUser(auth: Auth, config: Config, request: FastifyRequest) {
  if (!hasSessionCookie(request.headers.cookie)) return null;
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session ? toCurrentUser(session.user as SessionUser, config) : null;
}

export type SignedInRouteDeps = { auth: Auth; config: Config };

/**
 * The one way to add routes that need a signed-in user: `register` adds them to a scope whose
 * `onRequest` hook looks up the session. That hook runs before Fastify reads the body or validates
 * anything, so a signed-out call gets 401 whatever it sent (the route-table test holds every other
 * `/api` route to a short list of public ones).
 */
export async function registerSignedInRoutes(
  app: FastifyInstance,
  { auth, config }: SignedInRouteDeps,
  register: (scope: FastifyInstance) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const user = await findCurrentUser(auth, config, request);
      if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      request.user = user;
    });
    await register(scope);
  });
}

export function decorateRequestUser(app: FastifyInstance) {
  app.decorateRequest('user', null);
}

/** The signed-in user of a route registered through `registerSignedInRoutes`. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.user;
}
