import {
  AUTH_BASE_PATH,
  MAGIC_LINK_MINUTES,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_MINUTES,
  VERIFY_EMAIL_HOURS,
} from '@common/auth';
import { type BetterAuthRateLimitStorage, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
// The one schema import outside a store file: Better Auth's Drizzle adapter is this feature's own
// storage for accounts and sessions, and it needs the tables themselves.
import { accounts, sessions, users, verifications } from '../../db/schema/auth';
import { createLimitCounter, type LimitCounter } from '../../http/rate-limit';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import {
  afterConfirmationLink,
  afterPasswordChange,
  afterPasswordReset,
  sendAccountEmail,
  sendEmailVerification,
  sendPasswordReset,
  tellOwnerOfSignUpAttempt,
  whenPasswordRemovedByProof,
} from './account-emails';
import { authHooks } from './auth-hooks';
import { CLIENT_IP_HEADER } from './client-ip';
import { checkProfileUpdate, newUserProfile } from './profile-rules';
import { sessionProof } from './proof';
import { forgetFailures } from './sign-in-lock';

export { AUTH_BASE_PATH, CLIENT_IP_HEADER };
export const OIDC_PROVIDER_ID = 'oidc';

export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;

export type AuthDeps = {
  config: Config;
  db: Db;
  jobs: Jobs;
  now: Clock;
  /** Where the library's warnings and errors go: our JSON log lines, not its own console output. */
  log: Pick<FastifyBaseLogger, 'warn' | 'error' | 'info' | 'debug'>;
};

export function isOidcConfigured(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
}

function trustedOrigins(config: Config): string[] {
  const origins = [new URL(config.publicUrl).origin];
  // Only under `npm run dev`: Vite's dev server proxies the API from its own origin.
  if (config.DEV_CLIENT_ORIGIN) origins.push(new URL(config.DEV_CLIENT_ORIGIN).origin);
  return origins;
}

/**
 * Better Auth's `customStorage` contract: one step that counts the request against the rule's window
 * (seconds) and says whether it may go on, and if not, in how many seconds it may. The library's key is
 * `<client address>|<path>`: the path is the scope, the address whom it counts.
 */
function sharedLimitStorage(counter: LimitCounter): BetterAuthRateLimitStorage {
  return {
    async consume(key, rule) {
      const split = key.lastIndexOf('|');
      const [client, path] = split < 0 ? [key, ''] : [key.slice(0, split), key.slice(split + 1)];
      const { hits, msLeft } = await counter.hit(`auth:${path}`, client, rule.window * 1000);
      if (hits <= rule.max) return { allowed: true, retryAfter: null };
      return { allowed: false, retryAfter: Math.max(1, Math.ceil(msLeft / 1000)) };
    },
  };
}

/**
 * Better Auth does the security-sensitive parts: password hashing, sessions in PostgreSQL, magic-link
 * and reset tokens, OAuth state, and taking back a password chosen before the address was proven. We
 * decide where its emails go (the outbox), what counts as proof (decision 028) and what a new account
 * triggers.
 */
export function createAuth({ config, db, jobs, now, log }: AuthDeps) {
  const isHttps = config.publicUrl.startsWith('https://');
  const emails = { config, db, jobs, now };
  return betterAuth({
    appName: 'Ballast',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: trustedOrigins(config),
    logger: {
      log: (level, message) => log[level]({ library: 'better-auth' }, message),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
      },
    }),
    user: {
      fields: { name: 'firstName', image: 'profileImageUrl' },
      additionalFields: {
        onboardingCompleted: { type: 'boolean', defaultValue: false, input: false },
        passwordRemovedAt: { type: 'date', required: false, input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      // A sign-up answers the same whether or not the address has an account (no enumeration): the
      // browser signs in with the password afterwards, which only works for a new account.
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: PASSWORD_RESET_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: ({ user, url }) => sendPasswordReset(emails, user, url),
      onPasswordReset: async ({ user }) => {
        await afterPasswordReset(emails, user);
        // A reset link came from the inbox: whatever wrong passwords paused, the owner is back.
        await forgetFailures(emails, user.email);
      },
      onExistingUserSignUp: ({ user }) => tellOwnerOfSignUpAttempt(emails, user),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_EMAIL_HOURS * 60 * 60,
      sendVerificationEmail: ({ user, url }, request) => sendEmailVerification(emails, user, url, request),
      // Before the address is marked proven and the link signs this browser in: the session it starts is
      // the only one left, and if ending the others fails the address stays unproven, so the link can be
      // opened again (a proven address is never looked at twice).
      beforeEmailVerification: (user, request) => afterConfirmationLink(emails, user, request),
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      additionalFields: { proof: { type: 'string', required: false, input: false } },
    },
    rateLimit: {
      // In every mode but tests (which make many accounts from one address, and test the limits in an
      // app started in development mode): development is where people first try a shared server.
      enabled: config.NODE_ENV !== 'test',
      // In PostgreSQL with every other limit, so they hold across every app instance (decision 063).
      customStorage: sharedLimitStorage(createLimitCounter(db, now)),
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': SIGN_IN_RATE_LIMIT,
        '/sign-up/email': { window: 60, max: 10 },
        '/sign-in/magic-link': SIGN_IN_RATE_LIMIT,
        '/request-password-reset': SIGN_IN_RATE_LIMIT,
        '/reset-password': { window: 60, max: 10 },
        '/send-verification-email': SIGN_IN_RATE_LIMIT,
      },
    },
    advanced: {
      cookiePrefix: 'ballast',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    hooks: authHooks(emails),
    databaseHooks: {
      user: {
        update: {
          before: async (update) => {
            checkProfileUpdate(update);
          },
        },
        create: {
          before: async (user) => ({ data: newUserProfile(user) }),
          // The copy to the external data service; delivery (and its retries) happen in the outbox.
          after: async (user) => {
            await db.transaction((tx) =>
              enqueueOutbound(jobs, tx, [
                {
                  channel: 'crm',
                  path: '/api/v1/users',
                  body: { id: user.id, email: user.email, firstName: user.name, source: 'registration' },
                },
              ]),
            );
          },
        },
      },
      session: {
        create: {
          before: async (session, ctx) => ({
            data: { ...session, proof: await sessionProof(db, session.userId, ctx?.path) },
          }),
        },
      },
      account: {
        update: {
          // Every new password is told to the inbox: resets in afterPasswordReset, changes here.
          after: async (account, ctx) => {
            if (account.providerId === 'credential' && ctx?.path === '/change-password') {
              await afterPasswordChange(emails, account.userId);
            }
          },
        },
        delete: {
          after: async (account, ctx) => {
            if (account.providerId === 'credential' && ctx?.path === '/magic-link/verify') {
              await whenPasswordRemovedByProof(emails, account.userId);
            }
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: 60 * MAGIC_LINK_MINUTES,
        sendMagicLink: ({ email, url }) =>
          sendAccountEmail(emails, {
            channel: 'email',
            template: 'magic-link',
            to: email,
            url,
            expiresInMinutes: MAGIC_LINK_MINUTES,
          }),
      }),
      // Always present (with no providers when single sign-on is off) so its endpoints stay typed.
      genericOAuth({
        config: isOidcConfigured(config)
          ? [
              {
                providerId: OIDC_PROVIDER_ID,
                name: 'Single sign-on',
                discoveryUrl: `${config.OIDC_ISSUER}/.well-known/openid-configuration`,
                clientId: config.OIDC_CLIENT_ID!,
                clientSecret: config.OIDC_CLIENT_SECRET!,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // The provider's picture is not taken: a profile shows only a picture uploaded to us.
                mapProfileToUser: (profile) => ({
                  name: String(profile.given_name ?? profile.name ?? ''),
                }),
              },
            ]
          : [],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
