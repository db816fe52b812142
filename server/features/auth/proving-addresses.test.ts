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

const OPERATOR = 'ops@proof.test';
const SQUATTER_PASSWORD = 'a squatter chose this';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, TRUST_PROXY: '1', ADMIN_EMAILS: OPERATOR },
    delivery: {},
  });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Every `/api/admin/...` route, one request each, with the method it answers. */
const adminRoutes = () =>
  t.app.routeTable
    .filter(({ url, method }) => url.startsWith('/api/admin/') && method !== 'HEAD')
    .map(({ method, url }) => ({
      method,
      path: url.replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000'),
    }));

async function adminStatuses(user: TestUser) {
  const statuses = new Set<number>();
  for (const { method, path } of adminRoutes()) {
    const response = await as(t, user)(path, { method, ...(method === 'GET' ? {} : { json: {} }) });
    statuses.add(response.status);
  }
  return [...statuses];
}

async function me(user: TestUser) {
  return (await (await as(t, user)('/api/auth/user')).json()) as Record<string, unknown>;
}

/** Asks for a sign-in link and opens it from the email that arrives through SMTP, as the inbox's owner. */
async function signInFromInbox(email: string, subjectSeen = 0): Promise<TestUser> {
  const asked = await t.request('/api/identity/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(asked.status).toBe(200);
  const mails = await smtp.waitForMailsTo(email, /sign-in link/, subjectSeen + 1);
  const opened = await followEmailLink(t, linkAfter(mails.at(-1)!, 'Open this link to sign in').trim());
  const cookie = sessionCookieOf(opened);
  expect(cookie, `sign-in link answered ${opened.status}`).toBeDefined();
  const user = { id: '', email, cookie: cookie! };
  return { ...user, id: String((await me(user)).id) };
}

describe('someone signs up with the operator’s address', () => {
  it('gets nothing of the console, before or after the owner confirms; the owner’s emailed link opens it', async () => {
    const squatter = await signUpUser(t, { email: OPERATOR, password: SQUATTER_PASSWORD });
    expect(adminRoutes().length).toBeGreaterThan(5);
    expect(await adminStatuses(squatter)).toEqual([404]);
    expect(await me(squatter)).toMatchObject({ emailVerified: false, isAdmin: false, isOperator: false });
    expect((await as(t, squatter)('/admin')).status).toBeGreaterThanOrEqual(200);

    // The real operator receives the sign-up email. It says an account was made, when and from where.
    const verification = await smtp.waitForMailTo(OPERATOR, /Confirm your email address/);
    const text = verification.parsed.text ?? '';
    expect(text).toMatch(
      /An account was created on Ballast with this address on \d{1,2} \w+ 20\d\d at \d\d:\d\d \(UK time\), from IP address 198\.51\./,
    );
    expect(text).toContain("This wasn't me: ");
    // Clicked without reading, as any welcome email might be, in the owner's own browser.
    const confirmed = await followEmailLink(t, linkAfter(verification, 'Confirm my address'));
    expect(confirmed.status).toBe(302);

    // Proven somewhere other than the browser that signed up: the squatter's session and password are
    // gone, and the confirmation signed the owner in, asked to set a password of their own.
    expect((await as(t, squatter)('/api/auth/user')).status).toBe(401);
    await expect(signInWithPassword(t, OPERATOR, SQUATTER_PASSWORD)).rejects.toThrow(/sign-in failed: 401/);
    const confirmedOwner = { id: squatter.id, email: OPERATOR, cookie: sessionCookieOf(confirmed)! };
    expect(await me(confirmedOwner)).toMatchObject({
      emailVerified: true,
      isOperator: true,
      isPasswordRemoved: true,
    });

    // The owner's session from an emailed sign-in link opens the console.
    const owner = await signInFromInbox(OPERATOR);
    expect(await me(owner)).toMatchObject({ isAdmin: true, isOperator: true });
    const users = await as(t, owner)('/api/admin/users');
    expect(users.status).toBe(200);
  });

  it('opens the console for 12 hours from the link, then asks for a new one', async () => {
    const owner = await signInFromInbox(OPERATOR, 1);
    await t.database.pool.query(
      "UPDATE sessions SET created_at = now() - interval '12 hours 1 minute' WHERE token = split_part($1, '.', 1)",
      [decodeURIComponent(owner.cookie.split('=')[1]!)],
    );
    expect(await me(owner)).toMatchObject({ isOperator: true, isAdmin: false });
    expect((await as(t, owner)('/api/admin/users')).status).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('lists the operators’ calls to operators only', async () => {
    const paths = async (cookie?: string) =>
      Object.keys(
        (
          (await (await t.request('/api/docs/json', { headers: cookie ? { cookie } : {} })).json()) as {
            paths: Record<string, unknown>;
          }
        ).paths,
      );
    const signedOut = await paths();
    expect(signedOut).toContain('/api/revenue');
    expect(signedOut.filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
    const creator = await signUpUser(t);
    expect((await paths(creator.cookie)).filter((path) => path.startsWith('/api/admin/'))).toEqual([]);
    const operator = await signInFromInbox(OPERATOR, 2);
    expect(
      (await paths(operator.cookie)).filter((path) => path.startsWith('/api/admin/')).length,
    ).toBeGreaterThan(5);
  });
});

describe('proving an address', () => {
  async function passwordRemovedMails(email: string) {
    const { rows } = await t.database.pool.query(
      "SELECT 1 FROM outbox_messages WHERE payload ->> 'to' = $1 AND payload ->> 'template' = 'password-removed'",
      [email],
    );
    return rows.length;
  }

  it('from another device ends every session and password from before, and signs the owner in to set one', async () => {
    // A stranger signs up with the owner's address, and signs in on a second device too.
    const stranger = await signUpUser(t, { password: SQUATTER_PASSWORD });
    const strangersPhone = await signInWithPassword(t, stranger.email, SQUATTER_PASSWORD);
    const mail = await smtp.waitForMailTo(stranger.email, /Confirm your email address/);
    const confirmation = linkAfter(mail, 'Confirm my address');

    // The owner opens it from their inbox, on a device of their own.
    const confirmed = await followEmailLink(t, confirmation);
    expect(confirmed.status).toBe(302);
    const owner = { ...stranger, cookie: sessionCookieOf(confirmed)! };
    expect(await me(owner)).toMatchObject({ emailVerified: true, isPasswordRemoved: true });

    for (const device of [stranger, strangersPhone]) {
      expect((await as(t, device)('/api/auth/user')).status).toBe(401);
    }
    await expect(signInWithPassword(t, stranger.email, SQUATTER_PASSWORD)).rejects.toThrow(/401/);
    const { rows } = await t.database.pool.query('SELECT 1 FROM accounts WHERE user_id = $1', [stranger.id]);
    expect(rows).toEqual([]);
    expect(await passwordRemovedMails(stranger.email)).toBe(1);
    // The owner's own session is the only one left.
    const listed = await (await as(t, owner)('/api/account/sessions')).json();
    expect(listed.sessions).toHaveLength(1);
  });

  it('in the browser that signed up keeps its password and its sessions', async () => {
    const creator = await signUpUser(t);
    const mail = await smtp.waitForMailTo(creator.email, /Confirm your email address/);
    const confirmed = await followEmailLink(t, linkAfter(mail, 'Confirm my address'), {
      cookie: `${creator.cookie}; ${creator.deviceCookie}`,
    });
    expect(confirmed.status).toBe(302);
    expect(await me(creator)).toMatchObject({ emailVerified: true, isPasswordRemoved: false });
    expect((await signInWithPassword(t, creator.email)).cookie).toBeDefined();
    expect(await passwordRemovedMails(creator.email)).toBe(0);
  });
});
