import { describe, expect, it } from 'vitest';
import { waitForDeliveryToSettle } from '../../../tests/support/outbox';
import { sendStripeEvent } from '../../../tests/support/stripe-server';
import { as, proveAddress, signUpUser, type TestUser } from '../../../tests/support/users';
import { creatorWithEverything, setUpAccountApp, smtp, stripe, t } from './test-support';

setUpAccountApp();

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
