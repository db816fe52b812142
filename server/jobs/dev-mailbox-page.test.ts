import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/support/app';
import { waitUntil } from '../../tests/support/wait';
import { signUp } from '../../tests/support/waitlist';

let t: TestApp;

beforeAll(async () => {
  // No email transport: emails are kept in the development mailbox.
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, delivery: {} });
});

afterAll(async () => {
  await t?.close();
});

describe('the development mailbox page', () => {
  it('shows the emails kept in development, newest first, with their links clickable', async () => {
    const earlier = `mailbox.first.${Date.now()}@ballast.test`;
    const email = `mailbox.${Date.now()}@ballast.test`;
    expect((await signUp(t, { email: earlier })).ok).toBe(true);
    await waitUntil(
      async () => (await (await t.request('/dev/mailbox')).text()).includes(earlier),
      10_000,
      'the first welcome',
    );
    expect((await signUp(t, { email })).ok).toBe(true);
    let page = '';
    await waitUntil(
      async () => {
        page = await (await t.request('/dev/mailbox')).text();
        return page.includes(email);
      },
      10_000,
      'the welcome email in the mailbox page',
    );
    const response = await t.request('/dev/mailbox');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page).toContain('<h1');
    expect(page.indexOf(email)).toBeLessThan(page.indexOf(earlier));
    expect(page).toMatch(/on the Ballast waitlist/);
    expect(page).toMatch(/<a href="https?:\/\/[^"]+\/api\/waitlist\/unsubscribe\?token=[^"]+"/);
  });

  it('opens only for a browser on the same machine, whatever a proxy header claims', async () => {
    const fromElsewhere = await t.app.inject({
      method: 'GET',
      url: '/dev/mailbox',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(fromElsewhere.statusCode).toBe(403);
    expect(fromElsewhere.json()).toMatchObject({ message: expect.stringMatching(/open it at localhost/) });
    expect(fromElsewhere.body).not.toMatch(/token=/);
    // A proxy or tunnel on this machine: a loopback connection that carries someone else's request.
    for (const header of [{ 'x-forwarded-for': '203.0.113.9' }, { forwarded: 'for=203.0.113.9' }]) {
      const tunnelled = await t.app.inject({
        method: 'GET',
        url: '/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: header,
      });
      expect(tunnelled.statusCode).toBe(403);
    }
  });

  it('answers 404 in production', async () => {
    const production = await startTestApp({
      env: { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PUBLIC_URL: 'https://ballast.test' },
    });
    try {
      expect((await production.request('/dev/mailbox')).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
