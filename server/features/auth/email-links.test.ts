import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { sendRaw } from '../../../tests/support/raw-request';
import {
  followEmailLink,
  latestEmailLink,
  nextClientAddress,
  sessionCookieOf,
  signUpUser,
} from '../../../tests/support/users';
import { uniqueEmail } from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

/** How another site's link, or a mail app's own browser, opens an emailed link. */
const OPENINGS_NOT_BY_THE_PERSON: [string, Record<string, string | null>][] = [
  ['from another site', { 'sec-fetch-site': 'cross-site' }],
  ['from a sibling site', { 'sec-fetch-site': 'same-site' }],
  ['with no Sec-Fetch-Site', { 'sec-fetch-site': null }],
];

async function askForSignInLink(email: string) {
  const asked = await t.request('/api/identity/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(asked.status).toBe(200);
  return latestEmailLink(t, email, 'magic-link');
}

/** Presses the page's one button: a form POST from our own page (Origin: null under no-referrer). */
async function pressTheButton(page: string, headers: Record<string, string>) {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  expect(action).toBeDefined();
  return t.request(action!.replaceAll('&amp;', '&'), {
    method: 'POST',
    body: 'confirm=yes',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
      'x-forwarded-for': nextClientAddress(),
      ...headers,
    },
  });
}

const isSignedInAs = async (response: Response, email: string) => {
  const cookie = sessionCookieOf(response);
  if (!cookie) return false;
  const me = await t.request('/api/auth/user', { headers: { cookie } });
  return me.status === 200 && (await me.json()).email === email;
};

describe.each(OPENINGS_NOT_BY_THE_PERSON)('an emailed sign-in link opened %s', (_how, headers) => {
  it('signs nobody in, and shows one button that signs in by a POST from our own page', async () => {
    const email = uniqueEmail('linked');
    const link = await askForSignInLink(email);
    const page = await followEmailLink(t, link, headers);
    expect(page.status).toBe(200);
    expect(sessionCookieOf(page)).toBeUndefined();
    const html = await page.text();
    expect(html).toContain(`Sign in as ${email}`);
    expect(html.match(/<button/g)).toHaveLength(1);

    // Another site posting the form itself is refused; the link still works for the person.
    const forged = await pressTheButton(html, { 'sec-fetch-site': 'cross-site' });
    expect(forged.status).toBe(403);
    expect(sessionCookieOf(forged)).toBeUndefined();
    const pressed = await pressTheButton(html, { 'sec-fetch-site': 'same-origin' });
    expect(pressed.status).toBe(302);
    expect(await isSignedInAs(pressed, email)).toBe(true);
  });

  it('confirming the address: the page asks first, and the button confirms and signs in', async () => {
    const user = await signUpUser(t);
    const link = await latestEmailLink(t, user.email, 'verify-email');
    const page = await followEmailLink(t, link, headers);
    expect(page.status).toBe(200);
    expect(sessionCookieOf(page)).toBeUndefined();
    const html = await page.text();
    expect(html).toContain(`Sign in as ${user.email}`);
    const { rows } = await t.database.pool.query('SELECT email_verified FROM users WHERE id = $1', [user.id]);
    expect(rows[0].email_verified).toBe(false);

    const pressed = await pressTheButton(html, { 'sec-fetch-site': 'same-origin' });
    expect(pressed.status).toBe(302);
    expect(await isSignedInAs(pressed, user.email)).toBe(true);
  });
});

describe('a broken emailed link opened from another site', () => {
  it.each([
    ['a NUL in its token', '?token=%00'],
    ['no token', ''],
    ['a token that is not one', '?token=made-up'],
  ])('with %s gets a 4xx or a redirect, and signs nobody in', async (_what, query) => {
    for (const path of ['/api/identity/magic-link/verify', '/api/identity/verify-email']) {
      const opened = await followEmailLink(t, `${t.baseUrl}${path}${query}`, {
        'sec-fetch-site': 'cross-site',
      });
      expect(opened.status, `${path}${query}`).toBeLessThan(500);
      expect(sessionCookieOf(opened)).toBeUndefined();
    }
  });
});

describe('an emailed sign-in link opened by the person', () => {
  it.each([
    ['typed, or handed over by a mail app', 'none'],
    ['from our own pages', 'same-origin'],
  ])('%s, signs in at once', async (_how, site) => {
    const email = uniqueEmail('typed');
    const opened = await followEmailLink(t, await askForSignInLink(email), { 'sec-fetch-site': site });
    expect(opened.status).toBe(302);
    expect(await isSignedInAs(opened, email)).toBe(true);
  });
});

describe('an emailed sign-in link whose path is spelled otherwise, opened from another site', () => {
  /** Sent byte for byte (fetch would tidy dot segments and backslashes away). */
  const openRaw = async (path: string) => {
    const headers = { 'sec-fetch-site': 'cross-site', 'x-forwarded-for': nextClientAddress() };
    const answer = await sendRaw(t.baseUrl, { path, headers });
    return ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  };

  it('signs nobody in, whichever way the library would resolve it', async () => {
    const dir = '/api/identity/magic-link';
    const spellings = [
      `${dir}/./verify`,
      `${dir}/x/../verify`,
      `${dir}/x/%2e%2e/verify`,
      `${dir}\\verify`,
      `${dir}/x\\..\\verify`,
      `${dir}//verify`,
      `${dir}/verify/`,
      `${dir}/%76erify`,
      `/${dir}/verify`,
      `${dir}/verify;x`,
      `${dir}/verify%3Bx`,
      `${dir}/verify%00`,
      `${dir}/verify#x`,
    ];
    const signedIn: string[] = [];
    for (const spelled of spellings) {
      const link = new URL(await askForSignInLink(uniqueEmail('spelled')));
      const cookies = await openRaw(`${spelled}${link.search}`);
      if (cookies.some((cookie) => /^ballast\.session_token=[^;]/.test(cookie))) signedIn.push(spelled);
    }
    expect(signedIn).toEqual([]);
  });
});
