import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signInWithPassword, signUpUser, type TestUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';
import { SIGN_IN_RATE_LIMIT } from './better-auth';

let first: TestApp;
let second: TestApp;

beforeAll(async () => {
  // Two instances of one deployment: one database, one signing secret.
  const env = { TRUST_PROXY: '1', SESSION_SECRET: 'sessions-test-secret-sessions-test-secret-12' };
  first = await startTestApp({ env, isDatabaseKept: true });
  second = await startTestApp({ env, testDatabase: first.testDatabase });
});

afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** An open alert stream, and a promise that settles when the server ends it. */
async function openStream(app: TestApp, user: TestUser) {
  const response = await fetch(`${app.baseUrl}/api/alerts/stream`, { headers: { cookie: user.cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let isEnded = false;
  const ended = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    isEnded = true;
  })();
  return { ended, isEnded: () => isEnded, cancel: () => reader.cancel() };
}

describe('the settings page’s devices', () => {
  it('lists each signed-in device and signs out the others, keeping this one', async () => {
    const user = await signUpUser(first);
    const phone = await signInWithPassword(first, user.email);
    const chrome = await first.request('/api/identity/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: 'correct horse battery' },
      headers: {
        'x-forwarded-for': '203.0.113.50',
        'user-agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
      },
    });
    expect(chrome.status).toBe(200);

    const listed = await (await as(first, phone)('/api/account/sessions')).json();
    expect(listed.hasPassword).toBe(true);
    expect(listed.sessions).toHaveLength(3);
    expect(listed.sessions.filter((session: { isCurrent: boolean }) => session.isCurrent)).toHaveLength(1);
    expect(listed.sessions).toContainEqual(
      expect.objectContaining({ device: 'Chrome on Windows', ipAddress: '203.0.113.50', isCurrent: false }),
    );

    const out = await as(first, phone)('/api/account/sessions/sign-out-others', { method: 'POST' });
    expect(await out.json()).toEqual({ signedOut: 2 });
    expect((await as(first, phone)('/api/auth/user')).status).toBe(200);
    expect((await as(first, user)('/api/auth/user')).status).toBe(401);
    expect(
      ((await (await as(first, phone)('/api/account/sessions')).json()).sessions as unknown[]).length,
    ).toBe(1);
  });
});

describe('session lists', () => {
  it('name sessions by id and device, and never answer a session token', async () => {
    const user = await signUpUser(first);
    const phone = await signInWithPassword(first, user.email);
    const tokenOf = (someone: TestUser) => decodeURIComponent(someone.cookie.split('=')[1]!).split('.')[0]!;
    const tokens = [tokenOf(user), tokenOf(phone)];
    const signIn = await first.request('/api/identity/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: 'correct horse battery' },
    });
    const answers = [
      await as(first, phone)('/api/identity/list-sessions'),
      await as(first, phone)('/api/identity/get-session'),
      await as(first, phone)('/api/account/sessions'),
      signIn,
    ];
    for (const answer of answers) {
      expect(answer.status, answer.url).toBe(200);
      const text = await answer.text();
      for (const token of tokens) expect(text, answer.url).not.toContain(token);
      expect(text, answer.url).not.toContain('"token"');
    }
    const listed = await (await as(first, phone)('/api/identity/list-sessions')).json();
    expect(listed).toHaveLength(3);
    expect(listed[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), userAgent: expect.anything() }),
    );
  });
});

describe('alert streams', () => {
  it('end when their session signs out, on whichever instance they are open, and not others', async () => {
    const user = await signUpUser(first);
    // The live stream comes with The Guardian.
    await givePaidPlan(first, user.id, 'guardian');
    const other = await signInWithPassword(first, user.email);
    const onSecond = await openStream(second, user);
    const otherDevice = await openStream(first, other);

    const out = await as(first, user)('/api/logout');
    expect(out.status).toBe(302);
    await onSecond.ended;
    // The other device's stream is its own session's; it stays open.
    expect(otherDevice.isEnded()).toBe(false);
    await otherDevice.cancel();
  });

  it('end when the account is deleted', async () => {
    const user = await signUpUser(first);
    await givePaidPlan(first, user.id, 'guardian');
    const stream = await openStream(second, user);
    const deleted = await as(first, user)('/api/account', {
      method: 'DELETE',
      json: { confirmEmail: user.email },
    });
    expect(deleted.status).toBe(200);
    await stream.ended;
    await waitUntil(() => stream.isEnded(), 5_000, 'the stream to end');
  });
});

describe('throttling', () => {
  // Tests turn the limits off (they make many accounts from one address); development mode has them.
  let dev: TestApp;
  beforeAll(async () => {
    dev = await startTestApp({ env: { NODE_ENV: 'development', TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await dev?.close();
  });

  it('limits sign-in attempts in development mode too', async () => {
    {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt++) {
        const response = await dev.request('/api/identity/sign-in/email', {
          method: 'POST',
          json: { email: 'nobody@throttle.test', password: 'not the password' },
          headers: { 'x-forwarded-for': '198.51.100.199' },
        });
        statuses.push(response.status);
      }
      expect(statuses).toEqual([...Array(SIGN_IN_RATE_LIMIT.max).fill(401), 429]);
    }
  });

  it('with TRUST_PROXY=1, counts the address the proxy saw, whatever the client put before it', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt++) {
      const response = await dev.request('/api/identity/sign-in/email', {
        method: 'POST',
        // Not the address above: wrong passwords are counted per account too, and it has five already.
        json: { email: 'nobody.else@throttle.test', password: 'not the password' },
        // The client sends a new made-up address each time; the proxy appends the one it saw.
        headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}, 198.51.100.200` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_RATE_LIMIT.max).fill(401), 429]);
  });

  it('limits asking for password-reset links per address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt++) {
      const response = await dev.request('/api/identity/request-password-reset', {
        method: 'POST',
        json: { email: 'nobody@throttle.test', redirectTo: '/reset-password' },
        headers: { 'x-forwarded-for': '198.51.100.201' },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(SIGN_IN_RATE_LIMIT.max).fill(200), 429]);
  });
});
