import type { CurrentUser } from '@common/auth-schemas';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Auth } from './better-auth';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for routes that need a signed-in user; sets `request.user` or answers 401. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
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
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  return session ? toCurrentUser(session.user as SessionUser, config) : null;
}

export function registerSessionGuard(app: FastifyInstance, auth: Auth, config: Config) {
  app.decorateRequest('user', null);
  app.decorate('requireUser', async (request: FastifyRequest) => {
    const user = await findCurrentUser(auth, config, request);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
    request.user = user;
  });
}

/** The signed-in user of a route guarded by `app.requireUser`. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.user;
}
