import { CONSOLE_SESSION_HOURS } from '@common/auth';
import type { CurrentUser } from '@common/auth-schemas';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { Auth } from './better-auth';
import type { SessionProof } from './proof';
import { hasSessionCookie } from './session-cookie';
import { SIGN_IN_LOCKED_MESSAGE } from './sign-in-lock';

/** The session behind a signed-in request: which one it is, when it started and how. */
export type AuthSession = { id: string; createdAt: Date; proof: SessionProof };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set for every route registered through `registerSignedInRoutes`. */
    user: CurrentUser | null;
    authSession: AuthSession | null;
  }
}

type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image?: string | null;
  onboardingCompleted?: boolean | null;
  passwordRemovedAt?: Date | null;
};

type SessionRow = { id: string; createdAt: Date; proof?: string | null };

const CONSOLE_SESSION_MS = CONSOLE_SESSION_HOURS * 60 * 60 * 1000;

/** An operator is an account whose *proven* address is in ADMIN_EMAILS (decision 028). */
export function isOperatorAddress(user: Pick<SessionUser, 'email' | 'emailVerified'>, config: Config) {
  return user.emailVerified && config.ADMIN_EMAILS.includes(user.email.toLowerCase());
}

/**
 * The console needs more than a proven address: the session itself must have proved it (an emailed
 * link or single sign-on), within the last 12 hours, so a password chosen by whoever signed up with the
 * operator's address never opens it (decision 030).
 */
export function opensConsole(session: AuthSession, now: Date): boolean {
  return session.proof !== null && now.getTime() - session.createdAt.getTime() < CONSOLE_SESSION_MS;
}

function toAuthSession(row: SessionRow): AuthSession {
  const proof = row.proof === 'email-link' || row.proof === 'sso' ? row.proof : null;
  return { id: row.id, createdAt: new Date(row.createdAt), proof };
}

export function toCurrentUser(
  user: SessionUser,
  session: AuthSession,
  config: Config,
  now: Date,
): CurrentUser {
  const isOperator = isOperatorAddress(user, config);
  return {
    id: user.id,
    email: user.email,
    firstName: user.name || null,
    profileImageUrl: user.image ?? null,
    onboardingCompleted: Boolean(user.onboardingCompleted),
    emailVerified: user.emailVerified,
    isAdmin: isOperator && opensConsole(session, now),
    isOperator,
    isPasswordRemoved: Boolean(user.passwordRemovedAt),
  };
}

/** The signed-in user and their session, or null. */
async function findSignedIn(auth: Auth, config: Config, now: Clock, request: FastifyRequest) {
  if (!hasSessionCookie(request.headers.cookie)) return null;
  const found = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!found) return null;
  const session = toAuthSession(found.session as SessionRow);
  return { user: toCurrentUser(found.user as SessionUser, session, config, now()), session };
}

/** Checks a password against the account behind the request's session (the library hashes and compares). */
function passwordCheckFor(auth: Auth, request: FastifyRequest) {
  return async (password: string): Promise<boolean> => {
    try {
      await auth.api.verifyPassword({ body: { password }, headers: fromNodeHeaders(request.headers) });
      return true;
    } catch (error) {
      // Too many wrong passwords for the account: say so, rather than that this one is wrong too.
      if (error instanceof APIError && error.statusCode === 429) {
        throw new AppError('RATE_LIMITED', error.message || SIGN_IN_LOCKED_MESSAGE);
      }
      if (error instanceof APIError) return false;
      throw error;
    }
  };
}

/**
 * What the auth feature hands the features that serve signed-in creators (its plugin decorates the
 * instance with it): who is behind a request, and a check of their password. Better Auth stays inside.
 */
export type SignedIn = {
  /** The signed-in user and their session, or null: at once for a request without a session cookie. */
  find(request: FastifyRequest): Promise<{ user: CurrentUser; session: AuthSession } | null>;
  /** The signed-in user, or null. */
  currentUser(request: FastifyRequest): Promise<CurrentUser | null>;
  /** Checks a password against the account behind the request's session. */
  passwordCheck(request: FastifyRequest): (password: string) => Promise<boolean>;
};

/** The `SignedIn` over one Better Auth instance; auth's plugin makes the one the app hands on. */
export function signedInWith(auth: Auth, config: Config, now: Clock): SignedIn {
  return {
    find: (request) => findSignedIn(auth, config, now, request),
    currentUser: async (request) => (await findSignedIn(auth, config, now, request))?.user ?? null,
    passwordCheck: (request) => passwordCheckFor(auth, request),
  };
}

/**
 * The one way to add routes that need a signed-in user: `register` adds them to a scope whose
 * `onRequest` hook looks up the session. That hook runs before Fastify reads the body or validates
 * anything, so a signed-out call gets 401 whatever it sent (the route-table test holds every other
 * `/api` route to a short list of public ones).
 */
export async function registerSignedInRoutes(
  app: FastifyInstance,
  signedIn: SignedIn,
  register: (scope: FastifyInstance) => void | Promise<void>,
) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (request) => {
      const found = await signedIn.find(request);
      if (!found) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
      request.user = found.user;
      request.authSession = found.session;
    });
    await register(scope);
  });
}

export function decorateRequestUser(app: FastifyInstance) {
  app.decorateRequest('user', null);
  app.decorateRequest('authSession', null);
}

/** The signed-in user of a route registered through `registerSignedInRoutes`. */
export function signedInUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.user;
}

/** The session of a route registered through `registerSignedInRoutes`. */
export function signedInSession(request: FastifyRequest): AuthSession {
  if (!request.authSession) throw new AppError('UNAUTHORIZED', 'Sign in to continue.');
  return request.authSession;
}
