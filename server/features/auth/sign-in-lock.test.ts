import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { linkAfter, startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import {
  as,
  followEmailLink,
  latestEmailLink,
  nextClientAddress,
  proveAddress,
  signInWithEmailLink,
  signUpUser,
} from '../../../tests/support/users';
import { ACCOUNT_SIGN_IN_LOCK, SIGN_IN_LOCKED_MESSAGE } from './sign-in-lock';
import { signIn, uniqueEmail } from './test-support';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // Development mode, so the per-address limits are on too; each try comes from an address of its own.
  t = await startTestApp({
    env: { NODE_ENV: 'development', TRUST_PROXY: 'true', SMTP_URL: smtp.url },
    delivery: {},
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function lockNotices(email: string) {
  const { rows } = await t.database.pool.query(
    `SELECT payload FROM outbox_messages WHERE payload ->> 'to' = $1 AND payload ->> 'template' = 'sign-in-locked'`,
    [email],
  );
  return rows;
}

/** Every count of wrong passwords in this app's database, lapsed as if 15 minutes had passed. */
async function lapseEveryCount() {
  await t.database.pool.query(
    "UPDATE verifications SET expires_at = now() - interval '1 second' WHERE identifier LIKE 'sign-in-failures:%'",
  );
}

/** Wrong passwords for `email`, each from a client address never seen before. */
async function wrongPasswords(email: string, count: number) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    statuses.push((await signIn(t, email, `wrong guess ${attempt}`)).status);
  }
  return statuses;
}

describe('wrong passwords from many addresses', () => {
  it('lock password sign-in to the account for a while, tell its owner once, and leave emailed links working', async () => {
    const user = await signUpUser(t);
    // Proven, so the sign-in link below leaves the password alone (decision 028).
    await proveAddress(t, user);
    const { failures } = ACCOUNT_SIGN_IN_LOCK;
    expect(await wrongPasswords(user.email, failures + 2)).toEqual([...Array(failures).fill(401), 429, 429]);
    // Locked, the right password is refused too, with a way in that still works.
    const right = await signIn(t, user.email, 'correct horse battery');
    expect(right.status).toBe(429);
    expect((await right.json()).message).toBe(SIGN_IN_LOCKED_MESSAGE);
    expect(await lockNotices(user.email)).toHaveLength(1);
    const notice = await smtp.waitForMailTo(user.email, /Password sign-in to your Ballast account is paused/);
    expect(notice.parsed.text).toContain('paused for 15 minutes');
    expect(linkAfter(notice, 'Sign in with an emailed link')).toBe(`${t.baseUrl}/sign-in`);
    expect((await signInWithEmailLink(t, user.email)).cookie).toBeDefined();

    // The lock is short: once its time has passed, the password works again and the count starts afresh.
    await lapseEveryCount();
    expect((await signIn(t, user.email, 'correct horse battery')).status).toBe(200);
    expect(await wrongPasswords(user.email, 1)).toEqual([401]);
  });

  it('answers the same for an address with no account, and emails nobody', async () => {
    const email = uniqueEmail('nobody');
    const { failures } = ACCOUNT_SIGN_IN_LOCK;
    expect(await wrongPasswords(email, failures + 1)).toEqual([...Array(failures).fill(401), 429]);
    expect(await lockNotices(email)).toEqual([]);

    // The count keeps no address; once lapsed, it is swept away by the next address to start one.
    const counts = async () =>
      (
        await t.database.pool.query<{ identifier: string }>(
          "SELECT identifier FROM verifications WHERE identifier LIKE 'sign-in-failures:%'",
        )
      ).rows.map((row) => row.identifier);
    expect((await counts()).some((identifier) => identifier.includes('nobody'))).toBe(false);
    await lapseEveryCount();
    await wrongPasswords(uniqueEmail('next'), 1);
    expect(await counts()).toHaveLength(1);
  });

  it('a right password before the limit clears the count', async () => {
    const user = await signUpUser(t);
    const { failures } = ACCOUNT_SIGN_IN_LOCK;
    await wrongPasswords(user.email, failures - 1);
    const right = await t.request('/api/identity/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: 'correct horse battery' },
      headers: { 'x-forwarded-for': nextClientAddress() },
    });
    expect(right.status).toBe(200);
    expect(await wrongPasswords(user.email, failures - 1)).toEqual(Array(failures - 1).fill(401));
  });

  it('a reset link lifts the pause at once', async () => {
    const user = await signUpUser(t);
    await wrongPasswords(user.email, ACCOUNT_SIGN_IN_LOCK.failures);
    expect((await signIn(t, user.email, 'correct horse battery')).status).toBe(429);
    const asked = await t.request('/api/identity/request-password-reset', {
      method: 'POST',
      json: { email: user.email, redirectTo: '/reset-password' },
      headers: { 'x-forwarded-for': nextClientAddress() },
    });
    expect(asked.status).toBe(200);
    const opened = await followEmailLink(t, await latestEmailLink(t, user.email, 'password-reset'));
    const token = new URL(opened.headers.get('location')!, t.baseUrl).searchParams.get('token')!;
    const reset = await t.request('/api/identity/reset-password', {
      method: 'POST',
      json: { token, newPassword: 'back in by the inbox' },
      headers: { 'x-forwarded-for': nextClientAddress() },
    });
    expect(reset.status).toBe(200);
    expect((await signIn(t, user.email, 'back in by the inbox')).status).toBe(200);
  });
});

describe('every endpoint that checks a password', () => {
  it('counts towards the one per-account lock: verifying a password and changing it, as signing in', async () => {
    const user = await signUpUser(t);
    const { failures } = ACCOUNT_SIGN_IN_LOCK;
    const call = (path: string, json: unknown) => as(t, user)(path, { method: 'POST', json });
    const verify = (password: string) => call('/api/identity/verify-password', { password });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < failures - 2; attempt++) {
      statuses.push((await verify(`wrong guess ${attempt}`)).status);
    }
    statuses.push(
      (
        await call('/api/identity/change-password', {
          currentPassword: 'wrong guess again',
          newPassword: 'a new and good secret',
        })
      ).status,
    );
    statuses.push((await signIn(t, user.email, 'wrong guess once more')).status);
    expect(statuses).toEqual([...Array(failures - 2).fill(400), 400, 401]);

    // Locked: the right password is refused through each of them, and deleting the account says why.
    const right = await verify('correct horse battery');
    expect(right.status).toBe(429);
    expect((await right.json()).message).toBe(SIGN_IN_LOCKED_MESSAGE);
    expect((await signIn(t, user.email, 'correct horse battery')).status).toBe(429);
    // A session older than the few minutes deleting trusts by itself, so the password is asked.
    await t.database.pool.query(
      "UPDATE sessions SET created_at = now() - interval '1 hour' WHERE user_id = $1",
      [user.id],
    );
    const deletion = await as(t, user)('/api/account', {
      method: 'DELETE',
      json: { confirmEmail: user.email, password: 'correct horse battery' },
    });
    expect(deletion.status).toBe(429);
    expect((await deletion.json()).message).toBe(SIGN_IN_LOCKED_MESSAGE);
    expect(await lockNotices(user.email)).toHaveLength(1);
  });
});
