// What the account test files share: one app with mail, a Stripe stand-in and an operator who publishes a
// bulletin, and a creator with something in every part of the product.
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { runningClockAt } from '../../../tests/support/clock';
import { givePaidPlan } from '../../../tests/support/plans';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import { type FakeStripe, startFakeStripe } from '../../../tests/support/stripe-server';
import { as, signInWithEmailLink, type TestUser } from '../../../tests/support/users';
import { signUp } from '../../../tests/support/waitlist';

// Assigned before the file's tests run; importers read them as live bindings.
export let smtp: TestSmtpServer;
export let stripe: FakeStripe;
export let t: TestApp;
/** Publishes a bulletin, so creators have an alert. */
let operatorUser: TestUser;
/** The app's day: late November 2026, after the October and September the creator's entries record. */
export const clock = runningClockAt('2026-11-20T10:00:00Z');

/** Starts the app and its stand-ins before the calling file's tests, and stops them after. */
export function setUpAccountApp(): void {
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    stripe = await startFakeStripe();
    t = await startTestApp({
      env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', ADMIN_EMAILS: 'ops@account.test', ...stripe.env },
      delivery: {},
      deps: { now: clock },
    });
    operatorUser = await signInWithEmailLink(t, 'ops@account.test');
  });

  afterAll(async () => {
    await t?.close();
    await stripe?.close();
    await smtp?.close();
  });
}

export const png = (colour: string, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

export function imageForm(data: Buffer, name = 'me.png', type = 'image/png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return form;
}

async function uploadScreenshot(request: ReturnType<typeof as>) {
  const form = new FormData();
  form.append('platform', 'youtube');
  form.append('uploadType', 'screenshots');
  form.append('files', new Blob([new Uint8Array(await png('#123456'))], { type: 'image/png' }), 'studio.png');
  const response = await request('/api/upload/screenshots', { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
}

/** A creator with something in every part of the product, and a place on the waitlist under their address. */
export async function creatorWithEverything(user: TestUser) {
  // The Guardian, so bulletins reach them too.
  await givePaidPlan(t, user.id, 'guardian');
  const request = as(t, user);
  const ok = async (response: Promise<Response>) => {
    const answered = await response;
    expect(answered.status, `${answered.url}: ${await answered.clone().text()}`).toBeLessThan(300);
    return answered;
  };
  await ok(signUp(t, { email: user.email }));
  await ok(
    t.request('/api/contact', {
      method: 'POST',
      json: { name: 'Maya', email: user.email, message: 'Can I import my Patreon numbers?' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    }),
  );
  await ok(
    request('/api/user/onboarding', {
      method: 'POST',
      json: { platforms: ['youtube'], primaryPlatform: 'youtube', contentNiche: 'Cooking' },
    }),
  );
  await ok(
    request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '812.40', description: 'October', date: '2026-10-31' },
    }),
  );
  await ok(
    request('/api/revenue/import', {
      method: 'POST',
      json: {
        csv: 'date,source,amount\n2026-09-30,Brand work,250',
        sourceNames: { 'Brand work': 'youtube_sponsors' },
      },
    }),
  );
  await ok(request('/api/health-check', { method: 'POST' }));
  await ok(request('/api/blueprints', { method: 'POST' }));
  await ok(
    request('/api/platforms', {
      method: 'POST',
      json: { platform: 'youtube', platformUserId: '@maya', platformUsername: '@maya', isActive: true },
    }),
  );
  // As a real OAuth connection leaves it: sealed tokens that must never leave the server.
  await t.database.pool.query(
    `UPDATE platform_connections SET access_token = 'sealed-access-secret', refresh_token = 'sealed-refresh-secret' WHERE user_id = $1`,
    [user.id],
  );
  await uploadScreenshot(request);
  await ok(request('/api/account/profile-image', { method: 'POST', body: imageForm(await png('#ff8800')) }));
  await ok(
    as(t, operatorUser)('/api/admin/bulletins', {
      method: 'POST',
      json: {
        platform: 'youtube',
        severity: 'low',
        title: 'YouTube is testing a new home feed',
        description: 'Some viewers see fewer long videos this week.',
      },
    }),
  );
  return request;
}
