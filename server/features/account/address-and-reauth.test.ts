import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import {
  as,
  nextClientAddress,
  proveAddress,
  signInWithPassword,
  signUpUser,
  type TestUser,
} from '../../../tests/support/users';
import { signUp as joinWaitlist } from '../../../tests/support/waitlist';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await t?.close();
});

/** The address's own history before any account: a waitlist place, a message to us, an unsubscribe. */
async function addressWithHistory(email: string) {
  expect((await joinWaitlist(t, { email })).status).toBe(200);
  const message = await t.request('/api/contact', {
    method: 'POST',
    json: { name: 'Owner', email, message: 'Asked before any account existed.' },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  expect(message.status).toBe(200);
  await t.database.pool.query(
    "INSERT INTO email_suppressions (email, reason) VALUES ($1, 'unsubscribe-link') ON CONFLICT DO NOTHING",
    [email],
  );
}

async function addressRows(email: string) {
  const count = async (table: string) =>
    (await t.database.pool.query(`SELECT 1 FROM ${table} WHERE email = $1`, [email])).rowCount;
  return {
    waitlist: await count('waitlist_signups'),
    messages: await count('contact_messages'),
    suppressed: await count('email_suppressions'),
  };
}

const exportOf = async (user: TestUser) =>
  (await (await as(t, user)('/api/account/export')).json()) as Record<string, unknown>;

const deleteAccount = (user: TestUser, body: Record<string, unknown>) =>
  as(t, user)('/api/account', { method: 'DELETE', json: { confirmEmail: user.email, ...body } });

describe('an account that has not proven its address', () => {
  it('gets none of the address’s rows in its export, and deleting it leaves them all', async () => {
    const email = 'owner.unproven@address.test';
    await addressWithHistory(email);
    const squatter = await signUpUser(t, { email });
    const data = await exportOf(squatter);
    expect(data.waitlist).toBeNull();
    expect(data.contactMessages).toEqual([]);

    const deleted = await deleteAccount(squatter, {});
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    expect(await addressRows(email)).toEqual({ waitlist: 1, messages: 1, suppressed: 1 });
  });

  it('gets them once proven, and deleting then erases them', async () => {
    const email = 'owner.proven@address.test';
    await addressWithHistory(email);
    const owner = await signUpUser(t, { email });
    await proveAddress(t, owner);
    const data = await exportOf(owner);
    expect(data.waitlist).toMatchObject({ email });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ message: 'Asked before any account existed.' }),
    ]);
    expect((await deleteAccount(owner, {})).status).toBe(200);
    expect(await addressRows(email)).toEqual({ waitlist: 0, messages: 0, suppressed: 0 });
  });
});

describe('deleting an account', () => {
  it('needs a sign-in within 10 minutes, or the password', async () => {
    const user = await signUpUser(t);
    await t.database.pool.query(
      "UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1",
      [user.id],
    );
    const without = await deleteAccount(user, {});
    expect(without.status).toBe(403);
    expect(await without.json()).toMatchObject({
      error: 'REAUTHENTICATION_REQUIRED',
      message: expect.stringContaining('enter your password'),
    });
    const wrong = await deleteAccount(user, { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { fields: Record<string, string> }).fields.password).toBe(
      'This is not the password of your account.',
    );
    expect((await as(t, user)('/api/auth/user')).status).toBe(200);

    expect((await deleteAccount(user, { password: 'correct horse battery' })).status).toBe(200);
    expect((await as(t, user)('/api/auth/user')).status).toBe(401);

    // A fresh sign-in is enough by itself.
    const other = await signUpUser(t);
    const fresh = await signInWithPassword(t, other.email);
    expect((await deleteAccount(fresh, {})).status).toBe(200);
  });

  it('removes pending sign-in links for exactly its address, not for one that contains it', async () => {
    const owner = await signUpUser(t, { email: 'a@b.co' });
    await proveAddress(t, owner);
    for (const email of ['a@b.co', 'xa@b.com']) {
      const asked = await t.request('/api/identity/sign-in/magic-link', {
        method: 'POST',
        json: { email, callbackURL: '/' },
        headers: { 'x-forwarded-for': nextClientAddress() },
      });
      expect(asked.status).toBe(200);
    }
    expect((await deleteAccount(owner, {})).status).toBe(200);
    const { rows } = await t.database.pool.query<{ email: string }>(
      "SELECT value::jsonb ->> 'email' AS email FROM verifications WHERE value LIKE '{%' AND value::jsonb ->> 'type' = 'magic-link'",
    );
    expect(rows.map((row) => row.email)).toEqual(['xa@b.com']);
  });
});

describe('the export', () => {
  it('leaves out Stripe’s internal ids', async () => {
    const user = await signUpUser(t);
    await t.database.pool.query(
      `INSERT INTO billing_customers (user_id, stripe_customer_id, subscription_id, subscription_plan, subscription_status, blueprint_payment_intent_id)
       VALUES ($1, 'cus_internal123', 'sub_internal456', 'guardian', 'active', 'pi_internal789')`,
      [user.id],
    );
    const text = await (await as(t, user)('/api/account/export')).text();
    expect(JSON.parse(text).billing).toMatchObject({
      subscriptionPlan: 'guardian',
      subscriptionStatus: 'active',
    });
    for (const id of ['cus_internal123', 'sub_internal456', 'pi_internal789']) expect(text).not.toContain(id);
  });
});
