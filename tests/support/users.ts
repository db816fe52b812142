import { randomBytes } from 'node:crypto';
import type { TestApp } from './app';

let signUps = 0;

export type TestUser = { id: string; email: string; cookie: string };

/**
 * A new account through the real sign-up endpoint, with its session cookie for later calls. Sign-ups
 * are rate limited per client address: a file that makes many users starts its app with
 * TRUST_PROXY=true, and each sign-up then comes from an address of its own.
 */
export async function signUpUser(
  app: Pick<TestApp, 'request'>,
  overrides: { email?: string; firstName?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? `creator.${randomBytes(5).toString('hex')}@ballast.test`;
  const response = await app.request('/api/identity/sign-up/email', {
    method: 'POST',
    json: { email, password: 'correct horse battery', name: overrides.firstName ?? 'Maya' },
    headers: { 'x-forwarded-for': `198.51.${Math.floor(signUps / 250)}.${(signUps++ % 250) + 1}` },
  });
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith('ballast.session_token='));
  if (!line) throw new Error('sign-up set no session cookie');
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, email, cookie: line.split(';')[0]! };
}

/** Calls the app as `user`: their session cookie and our own Origin. */
export function as(app: Pick<TestApp, 'request'>, user: TestUser) {
  return (pathname: string, init: RequestInit & { json?: unknown } = {}) =>
    app.request(pathname, { ...init, headers: { ...init.headers, cookie: user.cookie } });
}
