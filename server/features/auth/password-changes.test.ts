import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { linkAfter, startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import {
  as,
  followEmailLink,
  latestEmailLink,
  nextClientAddress,
  proveAddress,
  sessionCookieOf,
  signInWithPassword,
  signUpUser,
  type TestUser,
} from '../../../tests/support/users';
import { uniqueEmail } from './test-support';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' }, delivery: {} });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const FIRST_PASSWORD = 'chosen by a stranger';
const CHANGED_PASSWORD = 'changed by the stranger';

const post = (path: string, json: unknown) =>
  t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': nextClientAddress() } });

const canSignIn = async (email: string, password: string) =>
  (await post('/api/identity/sign-in/email', { email, password })).status === 200;

/** The emails of `template` queued to `email`, oldest first. */
async function queued(email: string, template: string) {
  const { rows } = await t.database.pool.query<{ payload: Record<string, string> }>(
    `SELECT payload FROM outbox_messages WHERE payload ->> 'to' = $1 AND payload ->> 'template' = $2
      ORDER BY created_at`,
    [email, template],
  );
  return rows.map((row) => row.payload);
}

async function changePassword(user: TestUser, currentPassword: string, newPassword: string) {
  return as(t, user)('/api/identity/change-password', {
    method: 'POST',
    json: { currentPassword, newPassword, revokeOtherSessions: true },
  });
}

/** Asks for a reset link and opens it from the outbox: the token the reset page would post. */
async function resetToken(email: string) {
  expect(
    (await post('/api/identity/request-password-reset', { email, redirectTo: '/reset-password' })).status,
  ).toBe(200);
  const opened = await followEmailLink(t, await latestEmailLink(t, email, 'password-reset'));
  return new URL(opened.headers.get('location')!, t.baseUrl).searchParams.get('token')!;
}

describe('a password changed after the confirmation, then the owner\'s "This wasn\'t me"', () => {
  it('ends every session and removes every password; the owner sets one with a reset link', async () => {
    const email = uniqueEmail('squatted');
    const squatter = await signUpUser(t, { email, password: FIRST_PASSWORD });
    // Confirmed in the browser that signed up, so the password stays (decision 056); whoever holds
    // it then changes it.
    await proveAddress(t, squatter);
    const changed = await changePassword(squatter, FIRST_PASSWORD, CHANGED_PASSWORD);
    expect(changed.status, await changed.clone().text()).toBe(200);
    const squatterNow = { ...squatter, cookie: sessionCookieOf(changed)! };
    expect((await as(t, squatterNow)('/api/auth/user')).status).toBe(200);

    const notMe = new URL(await latestEmailLink(t, email, 'verify-email', 'notMeUrl'));
    const done = await t.request(`${notMe.pathname}${notMe.search}`, {
      method: 'POST',
      body: 'confirm=yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('the account has no password now');

    expect((await as(t, squatterNow)('/api/auth/user')).status).toBe(401);
    expect(await canSignIn(email, CHANGED_PASSWORD)).toBe(false);
    expect(await canSignIn(email, FIRST_PASSWORD)).toBe(false);
    const { rows } = await t.database.pool.query('SELECT 1 FROM accounts WHERE user_id = $1', [squatter.id]);
    expect(rows).toEqual([]);

    const reset = await post('/api/identity/reset-password', {
      token: await resetToken(email),
      newPassword: 'the owner’s own secret',
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect(await canSignIn(email, 'the owner’s own secret')).toBe(true);
  });
});

describe('every new password is told to the inbox', () => {
  it('a change made while signed in queues a notice with a reset link, and is held to the password rules', async () => {
    const user = await signUpUser(t, { password: FIRST_PASSWORD });
    const common = await changePassword(user, FIRST_PASSWORD, 'password123');
    expect(common.status).toBe(400);
    expect((await common.json()).message).toMatch(/most common ones/);

    expect((await changePassword(user, FIRST_PASSWORD, CHANGED_PASSWORD)).status).toBe(200);
    const notices = await queued(user.email, 'password-changed');
    expect(notices).toEqual([
      expect.objectContaining({ how: 'change', resetUrl: `${t.baseUrl}/forgot-password` }),
    ]);
    const mail = await smtp.waitForMailTo(user.email, /password was changed/);
    expect(mail.parsed.text).toContain('changed by someone signed in to it');
    expect(linkAfter(mail, 'Set a new password')).toBe(`${t.baseUrl}/forgot-password`);
  });

  it('refuses a signed-out change or check with 401 before judging what it sends', async () => {
    for (const [path, json] of [
      ['/api/identity/change-password', { currentPassword: 'anything', newPassword: 'short' }],
      ['/api/identity/verify-password', { password: 'x' }],
    ] as const) {
      const response = await t.request(path, { method: 'POST', json });
      expect(response.status, path).toBe(401);
    }
  });

  it('a reset queues a notice too', async () => {
    const user = await signUpUser(t);
    const reset = await post('/api/identity/reset-password', {
      token: await resetToken(user.email),
      newPassword: 'a fresh new secret',
    });
    expect(reset.status).toBe(200);
    expect(await queued(user.email, 'password-changed')).toEqual([expect.objectContaining({ how: 'reset' })]);
  });
});

describe('one reset', () => {
  it('spends every other reset link of the account', async () => {
    const user = await signUpUser(t);
    const older = await resetToken(user.email);
    const newer = await resetToken(user.email);
    expect(older).not.toBe(newer);
    expect(
      (await post('/api/identity/reset-password', { token: newer, newPassword: 'set by the newer link' }))
        .status,
    ).toBe(200);
    const late = await post('/api/identity/reset-password', {
      token: older,
      newPassword: 'set by the older link',
    });
    expect(late.status).toBe(400);
    expect(await canSignIn(user.email, 'set by the newer link')).toBe(true);
    expect(await canSignIn(user.email, 'set by the older link')).toBe(false);
  });
});

describe('a password change', () => {
  it('signs every other device out unless the person asks to keep them signed in', async () => {
    const email = uniqueEmail('changer');
    const laptop = await signUpUser(t, { email, password: FIRST_PASSWORD });
    const phone = await signInWithPassword(t, email, FIRST_PASSWORD);
    const isSignedIn = async (device: TestUser) => (await as(t, device)('/api/auth/user')).status === 200;

    const changed = await as(t, laptop)('/api/identity/change-password', {
      method: 'POST',
      json: { currentPassword: FIRST_PASSWORD, newPassword: CHANGED_PASSWORD },
    });
    expect(changed.status).toBe(200);
    expect(await isSignedIn(phone)).toBe(false);
    // The device that changed it stays signed in, on the session the change hands it.
    const laptopNow = { ...laptop, cookie: sessionCookieOf(changed)! };
    expect(await isSignedIn(laptopNow)).toBe(true);

    const tablet = await signInWithPassword(t, email, CHANGED_PASSWORD);
    const kept = await as(t, laptopNow)('/api/identity/change-password', {
      method: 'POST',
      json: { currentPassword: CHANGED_PASSWORD, newPassword: FIRST_PASSWORD, revokeOtherSessions: false },
    });
    expect(kept.status).toBe(200);
    expect(await isSignedIn(tablet)).toBe(true);
    expect(await isSignedIn(laptopNow)).toBe(true);
  });
});
