import { AUTH_BASE_PATH } from '@common/auth';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/auth';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';

export { AUTH_BASE_PATH };
export const OIDC_PROVIDER_ID = 'oidc';
/** The header our route sets from Fastify's idea of the client IP (which honours TRUST_PROXY). */
export const CLIENT_IP_HEADER = 'x-ballast-client-ip';

export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;

/** How long a sign-in link works; the email says so. */
const MAGIC_LINK_MINUTES = 15;

export type AuthDeps = { config: Config; db: Db; jobs: Jobs };

export function isOidcConfigured(config: Config): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
}

function trustedOrigins(config: Config): string[] {
  const origins = [new URL(config.publicUrl).origin];
  // Vite's dev server proxies the API from its own origin.
  if (config.NODE_ENV === 'development') origins.push('http://localhost:5173');
  return origins;
}

/**
 * Better Auth does the security-sensitive parts: password hashing, sessions in PostgreSQL, magic-link
 * tokens and OAuth state. We decide where its emails go (the outbox) and what a new account triggers.
 */
export function createAuth({ config, db, jobs }: AuthDeps) {
  const isHttps = config.publicUrl.startsWith('https://');
  return betterAuth({
    appName: 'Ballast',
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: trustedOrigins(config),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
      },
    }),
    user: {
      fields: { name: 'firstName', image: 'profileImageUrl' },
      additionalFields: {
        onboardingCompleted: { type: 'boolean', defaultValue: false, input: false },
        plan: { type: 'string', defaultValue: 'none', input: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.NODE_ENV !== 'development',
      // In PostgreSQL, so the limits hold across every app instance (DESIGN §8).
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': SIGN_IN_RATE_LIMIT,
        '/sign-up/email': { window: 60, max: 10 },
        '/sign-in/magic-link': SIGN_IN_RATE_LIMIT,
      },
    },
    advanced: {
      cookiePrefix: 'ballast',
      useSecureCookies: isHttps,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: isHttps },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      user: {
        create: {
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
    },
    plugins: [
      magicLink({
        expiresIn: 60 * MAGIC_LINK_MINUTES,
        sendMagicLink: async ({ email, url }) => {
          await db.transaction((tx) =>
            enqueueOutbound(jobs, tx, [
              {
                channel: 'email',
                template: 'magic-link',
                to: email,
                url,
                expiresInMinutes: MAGIC_LINK_MINUTES,
              },
            ]),
          );
        },
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
                mapProfileToUser: (profile) => ({
                  name: String(profile.given_name ?? profile.name ?? ''),
                  image: typeof profile.picture === 'string' ? profile.picture : undefined,
                }),
              },
            ]
          : [],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
