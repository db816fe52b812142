// What the auth test files share: addresses no other test uses, and a password sign-in from a client
// address of its own (or the headers given).
import { randomBytes } from 'node:crypto';
import type { TestApp } from '../../../tests/support/app';
import { nextClientAddress } from '../../../tests/support/users';

export function uniqueEmail(prefix = 'creator') {
  return `${prefix}.${randomBytes(4).toString('hex')}@ballast.test`;
}

export async function signIn(
  app: TestApp,
  email: string,
  password: string,
  headers: Record<string, string> = { 'x-forwarded-for': nextClientAddress() },
) {
  return app.request('/api/identity/sign-in/email', { method: 'POST', json: { email, password }, headers });
}
