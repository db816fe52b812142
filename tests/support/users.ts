import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { TestApp } from './app';

let signUps = 0;

/**
 * `cookie` is the session (name=value); `deviceCookie`, when the account was made here, marks the
 * browser that signed up, which a browser would send along with the confirmation link (decision 056).
 */
export type TestUser = { id: string; email: string; cookie: string; deviceCookie?: string };

export const TEST_PASSWORD = 'correct horse battery';

/** An address of its own for each call, so per-address rate limits never trip over another test. */
export function nextClientAddress(): string {
  const count = signUps++;
  return `198.51.${Math.floor(count / 250) % 250}.${(count % 250) + 1}`;
}

/** The session cookie (name=value) a response sets, if any. */
export function sessionCookieOf(response: Response): string | undefined {
  return cookieOf(response, 'ballast.session_token');
}

/** The cookie `name` (name=value) a response sets, if any. */
export function cookieOf(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0];
}

/**
 * A new account as the sign-in page makes one: the sign-up (which answers the same for any address and
 * signs nobody in), then a password sign-in, whose session cookie later calls carry. The address is not
 * proven: `proveAddress` or `signInWithEmailLink` does that. Sign-ups are rate limited per client address:
 * a file that makes many users starts its app with TRUST_PROXY=true, and each call then comes from an
 * address of its own.
 */
export async function signUpUser(
  app: Pick<TestApp, 'request'>,
  overrides: { email?: string; firstName?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `creator.${randomBytes(5).toString('hex')}@ballast.test`;
  const password = overrides.password ?? TEST_PASSWORD;
  const response = await app.request('/api/identity/sign-up/email', {
    method: 'POST',
    json: { email, password, name: overrides.firstName ?? 'Maya' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const deviceCookie = cookieOf(response, 'ballast.sign_up_device');
  return { ...(await signInWithPassword(app, email, password)), deviceCookie };
}

export async function signInWithPassword(
  app: Pick<TestApp, 'request'>,
  email: string,
  password = TEST_PASSWORD,
): Promise<TestUser> {
  const response = await app.request('/api/identity/sign-in/email', {
    method: 'POST',
    json: { email, password },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error('sign-in set no session cookie');
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email, cookie };
}

type WithDatabase = Pick<TestApp, 'request'> & { database: { pool: pg.Pool } };

/** The link in the newest queued email of `template` to `email` (the outbox holds what would be sent). */
export async function latestEmailLink(
  app: { database: { pool: pg.Pool } },
  email: string,
  template: string,
  field = 'url',
): Promise<string> {
  const { rows } = await app.database.pool.query<{ link: string | null }>(
    `SELECT payload ->> $3 AS link FROM outbox_messages
      WHERE payload ->> 'to' = $1 AND payload ->> 'template' = $2
      ORDER BY created_at DESC LIMIT 1`,
    [email.toLowerCase(), template, field],
  );
  const link = rows[0]?.link;
  if (!link) throw new Error(`no ${template} email to ${email}`);
  return link;
}

/**
 * Opens an emailed link (not following its redirect): its answer, with any session cookie it sets. As a
 * browser opens a link a mail app hands it (`Sec-Fetch-Site: none`), unless `headers` say otherwise
 * (a null leaves a header out).
 */
export async function followEmailLink(
  app: Pick<TestApp, 'request'>,
  link: string,
  headers: Record<string, string | null> = {},
) {
  const url = new URL(link);
  const sent = new Headers({ 'x-forwarded-for': nextClientAddress(), 'sec-fetch-site': 'none' });
  for (const [name, value] of Object.entries(headers)) {
    if (value === null) sent.delete(name);
    else sent.set(name, value);
  }
  return app.request(`${url.pathname}${url.search}`, { headers: sent, redirect: 'manual' });
}

/**
 * Signs in as the owner of the inbox would: asks for a sign-in link, opens it from the outbox. That
 * proves the address (decision 028) and starts a session that opens the operators' console (030).
 */
export async function signInWithEmailLink(app: WithDatabase, email: string): Promise<TestUser> {
  const asked = await app.request('/api/identity/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  if (asked.status !== 200) throw new Error(`sign-in link refused: ${asked.status} ${await asked.text()}`);
  const opened = await followEmailLink(app, await latestEmailLink(app, email, 'magic-link'));
  const cookie = sessionCookieOf(opened);
  if (!cookie) throw new Error(`the sign-in link set no session cookie (${opened.status})`);
  const me = await app.request('/api/auth/user', { headers: { cookie } });
  const { id } = (await me.json()) as { id: string };
  return { id, email, cookie };
}

/**
 * Follows the sign-up email's confirmation link, as the address's owner would: in the browser that
 * signed up when `user` has its mark (the password stays), else on another device, which ends every
 * session and password from before (decision 056).
 */
export async function proveAddress(app: WithDatabase, user: Pick<TestUser, 'email' | 'deviceCookie'>) {
  const link = await latestEmailLink(app, user.email, 'verify-email');
  const opened = await followEmailLink(app, link, user.deviceCookie ? { cookie: user.deviceCookie } : {});
  if (opened.status !== 302) throw new Error(`the confirmation link answered ${opened.status}`);
}

/** Calls the app as `user`: their session cookie and our own Origin. */
export function as(app: Pick<TestApp, 'request'>, user: TestUser) {
  return (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
    app.request(pathname, { ...init, headers: { ...init.headers, cookie: user.cookie } });
}
