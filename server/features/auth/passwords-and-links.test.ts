import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { linkAfter, startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import {
  as,
  followEmailLink,
  nextClientAddress,
  sessionCookieOf,
  signInWithPassword,
  signUpUser,
  type TestUser,
} from '../../../tests/support/users';
import { signUp as joinWaitlist } from '../../../tests/support/waitlist';

let smtp: TestSmtpServer;
let t: TestApp;
let mailbox = 0;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, TRUST_PROXY: '1' }, delivery: {} });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newAddress = (prefix: string) => `${prefix}.${Date.now().toString(36)}${mailbox++}@links.test`;

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': nextClientAddress(), ...headers } });

/** Every email to `to` whose subject matches, waiting until there are `count`. */
const mailsTo = (to: string, subject: RegExp, count = 1) => smtp.waitForMailsTo(to, subject, count);

async function signInFromInbox(email: string, seen = 0): Promise<TestUser> {
  expect((await post('/api/identity/sign-in/magic-link', { email, callbackURL: '/' })).status).toBe(200);
  const mail = (await mailsTo(email, /sign-in link/, seen + 1)).at(-1)!;
  const opened = await followEmailLink(t, linkAfter(mail, 'Open this link to sign in'));
  const cookie = sessionCookieOf(opened)!;
  expect(cookie).toBeDefined();
  const user = (await (await t.request('/api/auth/user', { headers: { cookie } })).json()) as { id: string };
  return { id: user.id, email, cookie };
}

const me = async (user: TestUser) =>
  (await (await as(t, user)('/api/auth/user')).json()) as Record<string, unknown>;

const canSignIn = async (email: string, password: string) =>
  (await post('/api/identity/sign-in/email', { email, password })).status === 200;

/** "Forgot password?" end to end: the email through SMTP, its link, the new password. */
async function resetPassword(email: string, newPassword: string, seen = 0) {
  const asked = await post('/api/identity/request-password-reset', { email, redirectTo: '/reset-password' });
  expect(asked.status).toBe(200);
  const mail = (await mailsTo(email, /Reset your Ballast password/, seen + 1)).at(-1)!;
  expect(mail.parsed.text).toContain('expires in 60 minutes');
  const opened = await followEmailLink(t, linkAfter(mail, 'Choose a new password'));
  expect(opened.status).toBe(302);
  const landing = new URL(opened.headers.get('location')!, t.baseUrl);
  expect(landing.pathname).toBe('/reset-password');
  const token = landing.searchParams.get('token')!;
  const done = await post('/api/identity/reset-password', { newPassword, token });
  return { token, done };
}

describe('forgot password', () => {
  it('emails a single-use link, sets the new password, signs out every session and sends a notice', async () => {
    const email = newAddress('reset');
    const phone = await signUpUser(t, { email });
    const laptop = await signInWithPassword(t, email);
    const { token, done } = await resetPassword(email, 'a brand new secret');
    expect(done.status, await done.clone().text()).toBe(200);

    expect(await canSignIn(email, 'correct horse battery')).toBe(false);
    expect(await canSignIn(email, 'a brand new secret')).toBe(true);
    for (const device of [phone, laptop]) expect((await as(t, device)('/api/auth/user')).status).toBe(401);
    const notice = (await mailsTo(email, /password was changed/))[0]!;
    expect(notice.parsed.text).toContain('every device that was signed in has been signed out');

    const reused = await post('/api/identity/reset-password', { newPassword: 'yet another secret', token });
    expect(reused.status).toBe(400);
    // The reset link came from the inbox: the address is proven by it.
    expect(await me(await signInWithPassword(t, email, 'a brand new secret'))).toMatchObject({
      emailVerified: true,
    });
  });

  it('refuses an expired link and a common password with words a person can act on', async () => {
    const email = newAddress('expired');
    await signUpUser(t, { email });
    const weak = await resetPassword(email, 'password123');
    expect(weak.done.status).toBe(400);
    expect((await weak.done.json()).message).toMatch(/most common ones/);
    await t.database.pool.query(
      "UPDATE verifications SET expires_at = now() - interval '1 second' WHERE identifier = $1",
      [`reset-password:${weak.token}`],
    );
    const late = await post('/api/identity/reset-password', {
      newPassword: 'a fine new secret',
      token: weak.token,
    });
    expect(late.status).toBe(400);
    expect(await canSignIn(email, 'correct horse battery')).toBe(true);
  });

  it('answers the same for an address with no account, and emails nobody', async () => {
    const before = smtp.received.length;
    const known = newAddress('known');
    await signUpUser(t, { email: known });
    const a = await post('/api/identity/request-password-reset', {
      email: known,
      redirectTo: '/reset-password',
    });
    const b = await post('/api/identity/request-password-reset', {
      email: newAddress('unknown'),
      redirectTo: '/reset-password',
    });
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    await mailsTo(known, /Reset your Ballast password/);
    expect(smtp.received.slice(before).every((mail) => mail.recipients.includes(known))).toBe(true);
  });
});

describe('a password and a sign-in link', () => {
  it('a password chosen before the address was proven stops working when a sign-in link proves it, and the owner is told', async () => {
    const email = newAddress('squatted');
    const squatter = await signUpUser(t, { email, password: 'chosen by a stranger' });
    const owner = await signInFromInbox(email);

    expect(await canSignIn(email, 'chosen by a stranger')).toBe(false);
    expect((await as(t, squatter)('/api/auth/user')).status).toBe(401);
    expect(await me(owner)).toMatchObject({ emailVerified: true, isPasswordRemoved: true });
    const told = (await mailsTo(email, /password no longer works/))[0]!;
    expect(told.parsed.text).toContain('Set a password: ');

    // Dismissed once read; it does not come back.
    expect((await as(t, owner)('/api/account/password-notice/dismiss', { method: 'POST' })).status).toBe(204);
    expect((await me(owner)).isPasswordRemoved).toBe(false);
  });

  it('a password set after the address was proven is never touched by a later sign-in link', async () => {
    const email = newAddress('proven-first');
    await signInFromInbox(email);
    expect((await resetPassword(email, 'set after proof')).done.status).toBe(200);
    await signInFromInbox(email, 1);
    expect(await canSignIn(email, 'set after proof')).toBe(true);
    expect(
      smtp.received.some(
        (mail) => mail.recipients.includes(email) && /no longer works/.test(mail.parsed.subject ?? ''),
      ),
    ).toBe(false);
  });
});

describe('signing up with an address that has an account', () => {
  it('answers exactly like a fresh sign-up, creates nothing, and tells the owner', async () => {
    const email = newAddress('taken');
    await signUpUser(t, { email });
    const fresh = await post('/api/identity/sign-up/email', {
      email: newAddress('fresh'),
      password: 'another good secret',
      name: 'Ana',
    });
    const taken = await post('/api/identity/sign-up/email', {
      email,
      password: 'another good secret',
      name: 'Ana',
    });
    expect(taken.status).toBe(fresh.status);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      user: Object.keys(body.user).sort(),
      emailVerified: body.user.emailVerified,
    });
    expect(shape(await taken.json())).toEqual(shape(await fresh.json()));
    expect(sessionCookieOf(taken)).toBeUndefined();
    expect(sessionCookieOf(fresh)).toBeUndefined();
    // Both mark the browser that signed up (decision 056), so the cookies tell nothing either.
    const cookieNames = (response: Response) =>
      response.headers.getSetCookie().map((line) => line.split('=')[0]);
    expect(cookieNames(taken)).toEqual(['ballast.sign_up_device']);
    expect(cookieNames(fresh)).toEqual(cookieNames(taken));
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(1);
    const warned = (await mailsTo(email, /tried to create a Ballast account/))[0]!;
    expect(warned.parsed.text).toContain('nothing was created and nothing changed');
    expect(await canSignIn(email, 'another good secret')).toBe(false);
  });
});

describe("This wasn't me", () => {
  it('deletes the unproven account and its sessions, keeps what the address had, and frees the address', async () => {
    const email = newAddress('not-me');
    expect((await joinWaitlist(t, { email })).status).toBe(200);
    await post('/api/contact', {
      name: 'Owner',
      email,
      message: 'A question I asked before any account existed.',
    });
    const squatter = await signUpUser(t, { email, password: 'chosen by a stranger' });
    const mail = (await mailsTo(email, /Confirm your email address/))[0]!;
    const link = linkAfter(mail, "This wasn't me");
    // What the stranger uploaded goes with the account.
    const picture = new FormData();
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    picture.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await as(t, squatter)('/api/account/profile-image', { method: 'POST', body: picture });
    expect(uploaded.status).toBe(200);
    expect(await t.storage.list(`users/${squatter.id}/`)).toEqual([
      `users/${squatter.id}/profile-image.webp`,
    ]);

    // Opening the link changes nothing (mail scanners open links); its button does.
    const page = await followEmailLink(t, link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Delete that account');
    expect((await as(t, squatter)('/api/auth/user')).status).toBe(200);
    const url = new URL(link);
    const done = await t.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      body: 'confirm=yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('That account is deleted');

    expect((await as(t, squatter)('/api/auth/user')).status).toBe(401);
    const count = async (sql: string) => (await t.database.pool.query(sql, [email])).rowCount;
    expect(await count('SELECT 1 FROM users WHERE email = $1')).toBe(0);
    expect(await t.storage.list(`users/${squatter.id}/`)).toEqual([]);
    expect(await count('SELECT 1 FROM waitlist_signups WHERE email = $1')).toBe(1);
    expect(await count('SELECT 1 FROM contact_messages WHERE email = $1')).toBe(1);
    // The address can sign up afresh, and the used link works no more.
    await signUpUser(t, { email, password: 'the owner’s own secret' });
    const again = await followEmailLink(t, link);
    expect(again.status).toBe(400);
  });

  it('on an account already confirmed, signs everyone out and ends the sign-up password', async () => {
    const email = newAddress('confirmed');
    const squatter = await signUpUser(t, { email, password: 'chosen by a stranger' });
    const mail = (await mailsTo(email, /Confirm your email address/))[0]!;
    expect((await followEmailLink(t, linkAfter(mail, 'Confirm my address'))).status).toBe(302);
    const url = new URL(linkAfter(mail, "This wasn't me"));
    const done = await t.request(`${url.pathname}${url.search}`, {
      method: 'POST',
      body: 'confirm=yes',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await done.text()).toContain('Everyone is signed out');
    expect((await as(t, squatter)('/api/auth/user')).status).toBe(401);
    expect(await canSignIn(email, 'chosen by a stranger')).toBe(false);
    const { rows } = await t.database.pool.query('SELECT email_verified FROM users WHERE email = $1', [
      email,
    ]);
    expect(rows).toEqual([{ email_verified: true }]);
  });
});
