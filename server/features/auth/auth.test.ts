import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { CookieJar } from '../../../tests/support/cookie-jar';
import { freePort } from '../../../tests/support/free-port';
import { startOidcServer } from '../../../tests/support/oidc-server';
import { nextClientAddress, signUpUser } from '../../../tests/support/users';
import { signIn, uniqueEmail } from './test-support';

let t: TestApp;

beforeAll(async () => {
  // Each call below comes from an address of its own (X-Forwarded-For through one trusted hop), so the
  // per-address limits are tested on purpose only, in their own apps.
  t = await startTestApp({ env: { ADMIN_EMAILS: 'ops@ballast.test', TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await t?.close();
});

/** The `name=value` part of our session cookie from a Set-Cookie list. */
function sessionCookie(response: Response): string {
  const line = response.headers.getSetCookie().find((cookie) => /ballast\.session_token=/.test(cookie));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(response.headers.getSetCookie())}`);
  return line.split(';')[0]!;
}

async function signUp(app: TestApp, email: string, password = 'correct horse battery', name = 'Maya') {
  return app.request('/api/identity/sign-up/email', {
    method: 'POST',
    json: { email, password, name },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
}

describe('accounts', () => {
  it('creates an account that signs in with its password, unproven until the email link is followed', async () => {
    const email = uniqueEmail();
    const response = await signUp(t, email);
    expect(response.status).toBe(200);
    // The sign-up itself signs nobody in: it answers the same for an address that has an account.
    expect(response.headers.getSetCookie().some((line) => /session_token=/.test(line))).toBe(false);
    const cookie = sessionCookie(await signIn(t, email, 'correct horse battery'));

    const user = await t.request('/api/auth/user', { headers: { cookie } });
    expect(user.status).toBe(200);
    expect(await user.json()).toEqual({
      id: expect.any(String),
      email,
      firstName: 'Maya',
      profileImageUrl: null,
      onboardingCompleted: false,
      emailVerified: false,
      isAdmin: false,
      isOperator: false,
      isPasswordRemoved: false,
    });
  });

  it('keeps the password hashed, never in the clear', async () => {
    const email = uniqueEmail();
    await signUp(t, email, 'a very particular secret');
    const { rows } = await t.database.pool.query<{ password: string }>(
      'SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [email],
    );
    expect(rows[0]?.password).toBeTruthy();
    expect(rows[0]?.password).not.toContain('a very particular secret');
  });

  it('sets the session cookie httpOnly and SameSite=Lax, without Secure over http', async () => {
    const email = uniqueEmail();
    await signUp(t, email);
    const response = await signIn(t, email, 'correct horse battery');
    const line = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith('ballast.session_token='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toMatch(/;\s*Secure/i);
  });

  it('signs in with the right password', async () => {
    const email = uniqueEmail();
    await signUp(t, email, 'right password here');
    const response = await signIn(t, email, 'right password here');
    expect(response.status).toBe(200);
    const user = await t.request('/api/auth/user', { headers: { cookie: sessionCookie(response) } });
    expect((await user.json()).email).toBe(email);
  });

  it('gives a wrong password and an unknown email the same answer', async () => {
    const email = uniqueEmail();
    await signUp(t, email, 'right password here');
    const wrongPassword = await signIn(t, email, 'wrong password here');
    const unknownEmail = await signIn(t, uniqueEmail('nobody'), 'wrong password here');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    const [first, second] = [await wrongPassword.json(), await unknownEmail.json()];
    expect(first).toEqual(second);
    expect(first.message).toBe('Invalid email or password');
    expect(wrongPassword.headers.getSetCookie()).toEqual([]);
  });

  it('answers 401 for the user call when signed out or with a made-up cookie', async () => {
    const none = await t.request('/api/auth/user');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: 'UNAUTHORIZED', message: 'You are signed out.' });
    const forged = await t.request('/api/auth/user', {
      headers: { cookie: 'ballast.session_token=forged.value' },
    });
    expect(forged.status).toBe(401);
  });

  it('refuses a short password with a readable message', async () => {
    const response = await signUp(t, uniqueEmail(), 'short');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'WEAK_PASSWORD',
      message: 'Use at least 8 characters for your password.',
    });
  });

  it('refuses a password from the list of common ones, whatever its case, and creates nothing', async () => {
    const email = uniqueEmail();
    for (const password of ['password1', 'QWERTYUIOP', 'iloveyou2']) {
      const response = await signUp(t, email, password);
      expect(response.status, password).toBe(400);
      expect((await response.json()).message).toBe(
        'That password is one of the most common ones, so it is easy to guess. Choose another.',
      );
    }
    const { rows } = await t.database.pool.query('SELECT 1 FROM users WHERE email = $1', [email]);
    expect(rows).toHaveLength(0);
  });

  it('queues the registration copy for the external data service', async () => {
    const email = uniqueEmail();
    await signUp(t, email, 'correct horse battery', 'Rae');
    const { rows } = await t.database.pool.query<{
      payload: { path: string; body: Record<string, unknown> };
    }>("SELECT payload FROM outbox_messages WHERE payload->'body'->>'email' = $1", [email]);
    expect(rows.map((row) => row.payload)).toEqual([
      {
        channel: 'crm',
        path: '/api/v1/users',
        body: expect.objectContaining({ email, firstName: 'Rae', source: 'registration' }),
      },
    ]);
  });

  it('queues a magic-link email through the outbox', async () => {
    const email = uniqueEmail();
    const response = await t.request('/api/identity/sign-in/magic-link', {
      method: 'POST',
      json: { email, callbackURL: '/' },
    });
    expect(response.status).toBe(200);
    const { rows } = await t.database.pool.query<{ payload: { template: string; to: string; url: string } }>(
      "SELECT payload FROM outbox_messages WHERE payload->>'to' = $1",
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.payload.template).toBe('magic-link');

    // Following the link signs the person in (creating the account) and lands on the app.
    const jar = new CookieJar();
    const { url } = await jar.follow(rows[0]!.payload.url, 15, { 'sec-fetch-site': 'none' });
    expect(new URL(url).pathname).toBe('/');
    const user = await fetch(`${t.baseUrl}/api/auth/user`, { headers: { cookie: jar.header(t.baseUrl) } });
    expect((await user.json()).email).toBe(email);
  });
});

describe('sign-out', () => {
  it('ends the session and returns to the home page', async () => {
    const { cookie } = await signUpUser(t);
    const response = await t.request('/api/logout', { headers: { cookie } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.getSetCookie().some((line) => /ballast\.session_token=;/.test(line))).toBe(true);
    expect((await t.request('/api/auth/user', { headers: { cookie } })).status).toBe(401);
  });
});

describe('/api/login without single sign-on', () => {
  it('goes to the sign-in page', async () => {
    const response = await t.request('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/sign-in');
  });

  it('opens the sign-in page on account creation when asked to', async () => {
    const response = await t.request('/api/login?mode=create');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/sign-in?mode=create');
  });
});

describe('over https', () => {
  it('marks the session cookie Secure', async () => {
    const secure = await startTestApp({ env: { PUBLIC_URL: 'https://ballast.test' } });
    try {
      const email = uniqueEmail();
      const headers = { origin: 'https://ballast.test' };
      const created = await secure.request('/api/identity/sign-up/email', {
        method: 'POST',
        json: { email, password: 'correct horse battery', name: 'Sam' },
        headers,
      });
      expect(created.status).toBe(200);
      const response = await signIn(secure, email, 'correct horse battery', headers);
      expect(response.status).toBe(200);
      const line = response.headers.getSetCookie().find((cookie) => /ballast\.session_token=/.test(cookie))!;
      expect(line).toMatch(/^__Secure-ballast\.session_token=/);
      expect(line).toMatch(/;\s*Secure/i);
      expect(line).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});

describe('single sign-on', () => {
  it('signs a person in through the OIDC provider and creates their account', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const oidc = await startOidcServer(`${baseUrl}/api/identity/callback/oidc`);
    const sso = await startTestApp({
      port,
      env: { OIDC_ISSUER: oidc.issuer, OIDC_CLIENT_ID: oidc.clientId, OIDC_CLIENT_SECRET: oidc.clientSecret },
    });
    try {
      const email = uniqueEmail('sso');
      oidc.signInAs({ email, givenName: 'Olive', picture: 'https://images.ballast.test/olive.png' });
      const jar = new CookieJar();
      const { url, hops } = await jar.follow(`${baseUrl}/api/login`);
      expect(hops[1]).toContain(`${oidc.issuer}/auth`);
      expect(url).toBe(`${baseUrl}/`);

      const user = await fetch(`${baseUrl}/api/auth/user`, { headers: { cookie: jar.header(baseUrl) } });
      expect(user.status).toBe(200);
      expect(await user.json()).toMatchObject({
        email,
        firstName: 'Olive',
        // A picture on another site is never shown: a profile has only a picture uploaded to us.
        profileImageUrl: null,
        onboardingCompleted: false,
        // The provider asserted email_verified: the address is proven, and so is the session.
        emailVerified: true,
      });
      const { rows } = await sso.database.pool.query<{ proof: string | null }>(
        'SELECT s.proof FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
        [email],
      );
      expect(rows).toEqual([{ proof: 'sso' }]);
    } finally {
      await sso.close();
      await oidc.close();
    }
  });
});
