import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { signUpUser, type TestUser } from '../../../tests/support/users';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

/** A request with exactly these headers besides the cookie, as a browser would send it. */
const call = (
  user: TestUser,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
) =>
  fetch(`${t.baseUrl}/api/logout`, {
    method: init.method ?? 'GET',
    headers: { cookie: user.cookie, ...init.headers },
    body: init.body,
    redirect: 'manual',
  });

const isSignedIn = async (user: TestUser) =>
  (await fetch(`${t.baseUrl}/api/auth/user`, { headers: { cookie: user.cookie } })).status === 200;

describe('/api/logout', () => {
  it('asks to confirm a sign-out another site started, and ends nothing', async () => {
    const user = await signUpUser(t);
    const foreign: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
      { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' },
      { referer: 'https://evil.example/page' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const page = await call(user, { headers });
      expect(page.status, JSON.stringify(headers)).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([]);
      const html = await page.text();
      expect(html).toContain('Sign out of Ballast?');
      expect(html).toContain('<form method="post" action="/api/logout"');
      expect(await isSignedIn(user)).toBe(true);
    }
    // A form posted from another site does not sign out either, whatever it says of itself.
    const foreignForms: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'https://evil.example' },
    ];
    for (const headers of foreignForms) {
      const posted = await call(user, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: 'confirm=yes',
      });
      expect(posted.status, JSON.stringify(headers)).toBe(403);
      expect(await isSignedIn(user)).toBe(true);
    }
  });

  it("signs out from the confirmation page's button, posted from our own origin", async () => {
    const user = await signUpUser(t);
    const confirmed = await call(user, {
      method: 'POST',
      // Under our no-referrer policy the browser sends Origin: null with its own form.
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'null',
        'sec-fetch-site': 'same-origin',
      },
      body: 'confirm=yes',
    });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/');
    expect(await isSignedIn(user)).toBe(false);
  });

  it('still signs out a navigation from our own pages, or a typed address, and returns to /', async () => {
    for (const site of ['same-origin', 'none']) {
      const user = await signUpUser(t);
      const out = await call(user, { headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' } });
      expect(out.status, site).toBe(302);
      expect(out.headers.get('location')).toBe('/');
      expect(await isSignedIn(user)).toBe(false);
    }
  });
});
