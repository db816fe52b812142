import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { waitForDeliveryToSettle } from '../../../tests/support/outbox';
import { givePaidPlan } from '../../../tests/support/plans';
import { startTestSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp';
import { type FakeStripe, sendStripeEvent, startFakeStripe } from '../../../tests/support/stripe-server';
import {
  as,
  proveAddress,
  signInWithEmailLink,
  signUpUser,
  type TestUser,
} from '../../../tests/support/users';
import { signUp } from '../../../tests/support/waitlist';

let smtp: TestSmtpServer;
let stripe: FakeStripe;
let t: TestApp;
/** Publishes a bulletin, so creators have an alert. */
let operatorUser: TestUser;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  stripe = await startFakeStripe();
  t = await startTestApp({
    env: { SMTP_URL: smtp.url, TRUST_PROXY: 'true', ADMIN_EMAILS: 'ops@account.test', ...stripe.env },
    delivery: {},
  });
  operatorUser = await signInWithEmailLink(t, 'ops@account.test');
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
  await smtp?.close();
});

const png = (colour: string, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

function imageForm(data: Buffer, name = 'me.png', type = 'image/png') {
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
async function creatorWithEverything(user: TestUser) {
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

describe('profile', () => {
  it('changes the first name, and keeps a re-encoded square profile picture only its owner can load', async () => {
    const user = await signUpUser(t, { firstName: 'Maya' });
    const request = as(t, user);
    const renamed = await request('/api/account/profile', {
      method: 'PATCH',
      json: { firstName: '  Maya Rose ' },
    });
    expect(renamed.status).toBe(200);
    expect(((await (await request('/api/auth/user')).json()) as { firstName: string }).firstName).toBe(
      'Maya Rose',
    );
    const blank = await request('/api/account/profile', { method: 'PATCH', json: { firstName: '   ' } });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toContain('Enter your first name.');

    const uploaded = await request('/api/account/profile-image', {
      method: 'POST',
      body: imageForm(await png('#00aa55', 1200, 800)),
    });
    expect(uploaded.status).toBe(200);
    const { profileImageUrl } = (await uploaded.json()) as { profileImageUrl: string };
    expect(profileImageUrl).toMatch(/^\/api\/account\/profile-image\?v=\d+$/);
    expect(
      ((await (await request('/api/auth/user')).json()) as { profileImageUrl: string }).profileImageUrl,
    ).toBe(profileImageUrl);
    const image = await request(profileImageUrl);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);

    const someoneElse = as(t, await signUpUser(t));
    expect((await someoneElse('/api/account/profile-image')).status).toBe(404);

    const notAnImage = await request('/api/account/profile-image', {
      method: 'POST',
      body: imageForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg', 'image/svg+xml'),
    });
    expect(notAnImage.status).toBe(415);
    expect(((await notAnImage.json()) as { message: string }).message).toContain(
      'me.svg is not a JPEG, PNG or WebP',
    );
    const tooBig = await request('/api/account/profile-image', {
      method: 'POST',
      body: imageForm(Buffer.alloc(6 * 1024 * 1024, 1)),
    });
    expect(tooBig.status).toBe(413);

    expect((await request('/api/account/profile-image', { method: 'DELETE' })).status).toBe(204);
    expect((await request('/api/account/profile-image')).status).toBe(404);
  });
});

describe('GET /api/account/export', () => {
  it('holds everything about the creator, no secrets, and nothing of anyone else', async () => {
    const other = await signUpUser(t, { firstName: 'Other' });
    await creatorWithEverything(other);
    const user = await signUpUser(t, { firstName: 'Maya' });
    // Their waitlist place and messages are theirs once they prove the address.
    await proveAddress(t, user);
    const request = await creatorWithEverything(user);

    const response = await request('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ballast-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, firstName: 'Maya' });
    const picture = await sharp(Buffer.from(data.profileImage.base64, 'base64')).metadata();
    expect([data.profileImage.mimeType, picture.format, picture.width]).toEqual(['image/webp', 'webp', 256]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.onboardingAnswers).toMatchObject({ platforms: ['youtube'], contentNiche: 'Cooking' });
    expect(data.revenueEntries).toEqual([
      expect.objectContaining({ amount: '250.00', source: 'youtube_sponsors' }),
      expect.objectContaining({ amount: '812.40', source: 'youtube_ads' }),
    ]);
    expect(data.revenueSourceNames).toEqual([{ name: 'brand work', source: 'youtube_sponsors' }]);
    expect(data.healthChecks).toHaveLength(1);
    expect(data.blueprints).toHaveLength(1);
    expect(data.alerts).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'YouTube is testing a new home feed' })]),
    );
    expect(data.platformConnections).toEqual([
      expect.objectContaining({ platform: 'youtube', platformUsername: 'maya' }),
    ]);
    expect(data.screenshots).toEqual([
      expect.objectContaining({ fileName: 'studio.png', platform: 'youtube' }),
    ]);
    expect(data.waitlist).toMatchObject({ email: user.email, position: expect.any(Number) });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ message: 'Can I import my Patreon numbers?' }),
    ]);

    for (const secret of [
      'sealed-access-secret',
      'sealed-refresh-secret',
      'accessToken',
      'password',
      'token"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
  });

  it('refuses a signed-out call', async () => {
    expect((await t.request('/api/account/export')).status).toBe(401);
  });
});

/** Every row, in every table of ours, that mentions the user's id or address anywhere in it. */
async function rowsMentioning(user: TestUser) {
  const { rows: tables } = await t.database.pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
     WHERE table_schema IN ('public', 'pgboss') AND table_type = 'BASE TABLE'`,
  );
  expect(tables.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { schema, name } of tables) {
    const { rows } = await t.database.pool.query(
      `SELECT row_to_json(t)::text AS row FROM "${schema}"."${name}" t
       WHERE strpos(lower(row_to_json(t)::text), $1) > 0 OR strpos(row_to_json(t)::text, $2) > 0`,
      [user.email.toLowerCase(), user.id],
    );
    for (const row of rows) found.push(`${schema}.${name}: ${row.row}`);
  }
  return found;
}

describe('DELETE /api/account', () => {
  it('asks for the email first, then removes every row and file, cancels the subscription and confirms by email', async () => {
    const user = await signUpUser(t, { firstName: 'Maya' });
    await proveAddress(t, user);
    const request = await creatorWithEverything(user);
    const started = await request('/api/create-subscription', { method: 'POST', json: { plan: 'guardian' } });
    expect(started.status).toBe(200);
    const subscription = [...stripe.objects.subscriptions.values()].at(-1)!;
    const active = stripe.setSubscriptionStatus(subscription.id, 'active');
    expect(
      (await sendStripeEvent(t.baseUrl, stripe.event('customer.subscription.updated', active))).status,
    ).toBe(200);
    expect(await rowsMentioning(user)).not.toEqual([]);

    const wrong = await request('/api/account', {
      method: 'DELETE',
      json: { confirmEmail: 'someone@else.test' },
    });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { message: string }).message).toContain(`Type ${user.email} exactly`);
    expect((await request('/api/auth/user')).status).toBe(200);

    const creatorFiles = () => t.storage.list(`users/${user.id}/`);
    expect(await creatorFiles()).toEqual([
      `users/${user.id}/profile-image.webp`,
      expect.stringMatching(new RegExp(`^users/${user.id}/screenshots/[0-9a-f-]+\\.png$`)),
    ]);

    const before = smtp.received.length;
    const deleted = await request('/api/account', {
      method: 'DELETE',
      json: { confirmEmail: ` ${user.email.toUpperCase()} ` },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(deleted.headers.getSetCookie().join()).toMatch(/ballast\.session_token=; Max-Age=0/);

    expect(stripe.objects.subscriptions.get(subscription.id)?.status).toBe('canceled');
    expect(await creatorFiles()).toEqual([]);
    expect((await request('/api/auth/user')).status).toBe(401);
    expect((await request('/api/revenue')).status).toBe(401);
    const signIn = await t.request('/api/identity/sign-in/email', {
      method: 'POST',
      json: { email: user.email, password: 'correct horse battery' },
    });
    expect(signIn.status).toBe(401);

    const [mail] = (await smtp.waitForMail(before + 1)).slice(before);
    expect(mail!.recipients).toEqual([user.email]);
    expect(mail!.parsed.subject).toBe('Your Ballast account is deleted');
    const { rows } = await t.database.pool.query(
      `SELECT id FROM outbox_messages WHERE payload->>'template' = 'account-deleted'`,
    );
    for (const row of rows) await waitForDeliveryToSettle(t.database.pool, row.id);
    expect(await rowsMentioning(user)).toEqual([]);
  });

  it('deletes nothing when the subscription cannot be cancelled', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    await t.database.pool.query(
      `INSERT INTO billing_customers (user_id, stripe_customer_id, subscription_id, subscription_plan, subscription_status)
       VALUES ($1, 'cus_missing', 'sub_refused', 'guardian', 'active')`,
      [user.id],
    );
    const allow = stripe.refuse(
      'DELETE',
      /^\/v1\/subscriptions\//,
      400,
      'This subscription cannot be cancelled now.',
    );
    try {
      const refused = await request('/api/account', { method: 'DELETE', json: { confirmEmail: user.email } });
      expect(refused.status).toBe(503);
      expect(((await refused.json()) as { message: string }).message).toContain('nothing was deleted');
    } finally {
      allow();
    }
    expect((await request('/api/auth/user')).status).toBe(200);
    const { rowCount } = await t.database.pool.query('SELECT 1 FROM billing_customers WHERE user_id = $1', [
      user.id,
    ]);
    expect(rowCount).toBe(1);
  });
});
