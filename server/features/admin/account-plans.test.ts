import type { UsersOverview } from '@common/admin';
import type { AccountPayment, AccountPlan } from '@common/admin-plans';
import type { BillingStatus } from '@common/billing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { givePaidPlan } from '../../../tests/support/plans';
import { type FakeStripe, sendStripeEvent, startFakeStripe } from '../../../tests/support/stripe-server';
import {
  as,
  proveAddress,
  signInWithEmailLink,
  signUpUser,
  type TestUser,
} from '../../../tests/support/users';
import { signUpAndConfirm } from '../../../tests/support/waitlist';

const OPERATOR = 'plans-ops@ballast.test';

let stripe: FakeStripe;
let t: TestApp;
let operator: ReturnType<typeof as>;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { TRUST_PROXY: 'true', ADMIN_EMAILS: OPERATOR, ...stripe.env } });
  // A sign-in link proves the operator's address and opens the console.
  const operatorUser = await signInWithEmailLink(t, OPERATOR);
  operator = as(t, operatorUser);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const setPlan = (user: TestUser, body: unknown) =>
  operator(`/api/admin/users/${user.id}/plan`, { method: 'PUT', json: body });

const billing = async (user: TestUser) => (await (await as(t, user)('/api/billing')).json()) as BillingStatus;

async function lastAudit() {
  const { rows } = await t.database.pool.query(
    'SELECT operator_email, action, target_id, detail FROM admin_audit_log ORDER BY created_at DESC LIMIT 1',
  );
  return rows[0];
}

describe('finding accounts', () => {
  it('lists accounts whose address contains the text, with their plan and where it comes from', async () => {
    const stamp = Date.now();
    const paid = await signUpUser(t, { email: `find-${stamp}.paid@studio.test` });
    await givePaidPlan(t, paid.id, 'mastermind');
    const lifetime = await signUpUser(t, { email: `find-${stamp}.early@studio.test` });
    await signUpAndConfirm(t, { email: lifetime.email });
    await proveAddress(t, lifetime);
    await signUpUser(t, { email: `someone-else-${stamp}@studio.test` });

    const response = await operator(`/api/admin/users?email=FIND-${stamp}`);
    expect(response.status).toBe(200);
    const { matches } = (await response.json()) as { matches: AccountPlan[] };
    expect(matches.map(({ email, plan, planSource }) => ({ email, plan, planSource }))).toEqual([
      { email: lifetime.email, plan: 'guardian', planSource: 'lifetime' },
      { email: paid.email, plan: 'mastermind', planSource: 'paid' },
    ]);
    expect(((await (await operator('/api/admin/users')).json()) as { matches: null }).matches).toBeNull();
    const tooShort = await operator('/api/admin/users?email=a');
    expect(tooShort.status).toBe(400);
  });
});

describe('complimentary plans', () => {
  it('grants and removes one with its reason, each in the audit log', async () => {
    const user = await signUpUser(t);
    const granted = await setPlan(user, { plan: 'guardian', reason: 'Partner channel, Q1 pilot' });
    expect(granted.status).toBe(200);
    expect(await granted.json()).toMatchObject({ plan: 'guardian', planSource: 'complimentary' });
    expect(await billing(user)).toMatchObject({
      plan: 'guardian',
      planLabel: 'The Guardian (complimentary)',
    });
    expect(await lastAudit()).toEqual({
      operator_email: OPERATOR,
      action: 'plan.grant',
      target_id: user.id,
      detail: { plan: 'guardian', previous: null, reason: 'Partner channel, Q1 pilot' },
    });

    const removed = await setPlan(user, { plan: 'none', reason: 'Pilot ended' });
    expect(removed.status).toBe(200);
    expect(await billing(user)).toMatchObject({ plan: 'none', planSource: null });
    expect(await lastAudit()).toMatchObject({
      action: 'plan.remove',
      detail: { plan: 'none', previous: 'guardian', reason: 'Pilot ended' },
    });
    expect((await setPlan(user, { plan: 'none', reason: 'Again' })).status).toBe(409);
  });

  it('shows a grant in the Users tab at once: its tiles and its recent sign-ups', async () => {
    const overview = async () => (await (await operator('/api/admin/users')).json()) as UsersOverview;
    const before = await overview();
    const user = await signUpUser(t);
    expect((await setPlan(user, { plan: 'mastermind', reason: 'Launch partner' })).status).toBe(200);

    const after = await overview();
    expect(after.byPlan.mastermind).toBe(before.byPlan.mastermind + 1);
    expect(after.byPlan.none).toBe(before.byPlan.none);
    expect(after.recent.find((row) => row.id === user.id)).toMatchObject({ plan: 'mastermind' });
  });

  it('never replaces a paid or lifetime plan, and removing a grant leaves a paid plan alone', async () => {
    const paid = await signUpUser(t);
    await givePaidPlan(t, paid.id, 'guardian');
    const refused = await setPlan(paid, { plan: 'blueprint', reason: 'Goodwill' });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/never replaces a paid or lifetime one/);
    // Above the paid plan it is an upgrade beside it; taking it away again leaves the paid plan.
    expect((await setPlan(paid, { plan: 'mastermind', reason: 'Conference speaker' })).status).toBe(200);
    expect(await billing(paid)).toMatchObject({ plan: 'mastermind', planSource: 'complimentary' });
    await setPlan(paid, { plan: 'none', reason: 'Conference over' });
    expect(await billing(paid)).toMatchObject({ plan: 'guardian', planSource: 'paid' });
  });

  it('refuses bad input with a readable 400, an unknown account with 404, and a creator with 404', async () => {
    const user = await signUpUser(t);
    const noReason = await setPlan(user, { plan: 'guardian' });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).message).toMatch(/reason/);
    expect((await setPlan(user, { plan: 'gold', reason: 'Because' })).status).toBe(400);
    const unknown = await operator('/api/admin/users/no-such-account/plan', {
      method: 'PUT',
      json: { plan: 'guardian', reason: 'Because' },
    });
    expect(unknown.status).toBe(404);
    const creator = as(t, await signUpUser(t));
    const byCreator = await creator(`/api/admin/users/${user.id}/plan`, {
      method: 'PUT',
      json: { plan: 'mastermind', reason: 'Myself' },
    });
    expect(byCreator.status).toBe(404);
    expect((await billing(user)).plan).toBe('none');
  });
});

async function buyBlueprint(user: TestUser) {
  const started = await as(t, user)('/api/create-subscription', {
    method: 'POST',
    json: { plan: 'blueprint' },
  });
  const { clientSecret } = (await started.json()) as { clientSecret: string };
  const intent = [...stripe.objects.paymentIntents.values()].find(
    (each) => each.client_secret === clientSecret,
  )!;
  const paid = stripe.succeedPaymentIntent(intent.id);
  expect((await sendStripeEvent(t.baseUrl, stripe.event('payment_intent.succeeded', paid))).status).toBe(200);
  return intent.id;
}

const paymentsOf = async (user: TestUser) =>
  (await (await operator(`/api/admin/users/${user.id}/payments`)).json()) as AccountPayment[];

describe('refunds', () => {
  it('refunds The Blueprint through Stripe; its plan goes with the charge.refunded webhook', async () => {
    const user = await signUpUser(t);
    const intentId = await buyBlueprint(user);
    expect((await billing(user)).plan).toBe('blueprint');
    expect(await paymentsOf(user)).toEqual([
      expect.objectContaining({
        id: intentId,
        description: 'The Blueprint',
        amountPence: 7900,
        isRefundable: true,
      }),
    ]);

    const refunded = await operator(`/api/admin/users/${user.id}/refunds`, {
      method: 'POST',
      json: { paymentId: intentId, reason: 'Money-back promise: not for them' },
    });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ amountPence: 7900, isSubscriptionCancelled: false });
    const refund = [...stripe.objects.refunds.values()].find((each) => each.payment_intent === intentId)!;
    expect(stripe.requestsTo('POST', '/v1/refunds').at(-1)!.idempotencyKey).toBe(
      `ballast-refund-${intentId}`,
    );
    expect(await lastAudit()).toMatchObject({ action: 'payment.refund', target_id: user.id });
    // The plan stays until Stripe says the money went back.
    expect((await billing(user)).plan).toBe('blueprint');
    const charge = stripe.objects.charges.get(refund.charge as string)!;
    expect((await sendStripeEvent(t.baseUrl, stripe.event('charge.refunded', charge))).status).toBe(200);
    expect(await billing(user)).toMatchObject({ plan: 'none', hasBlueprint: false });

    const twice = await operator(`/api/admin/users/${user.id}/refunds`, {
      method: 'POST',
      json: { paymentId: intentId, reason: 'Clicked again' },
    });
    expect(twice.status).toBe(409);
    expect((await paymentsOf(user))[0]).toMatchObject({ isRefunded: true, isRefundable: false });
  });

  it('refuses a payment older than 30 days, and another account’s payment', async () => {
    const user = await signUpUser(t);
    const intentId = await buyBlueprint(user);
    stripe.objects.paymentIntents.get(intentId)!.created = Math.floor(Date.now() / 1000) - 31 * 24 * 3600;
    const late = await operator(`/api/admin/users/${user.id}/refunds`, {
      method: 'POST',
      json: { paymentId: intentId, reason: 'Asked late' },
    });
    expect(late.status).toBe(409);
    expect((await late.json()).message).toMatch(/covers 30 days/);
    const other = await signUpUser(t);
    await buyBlueprint(other);
    const wrongAccount = await operator(`/api/admin/users/${other.id}/refunds`, {
      method: 'POST',
      json: { paymentId: intentId, reason: 'Wrong row' },
    });
    expect(wrongAccount.status).toBe(404);
    expect([...stripe.objects.refunds.values()].some((each) => each.payment_intent === intentId)).toBe(false);
  });
});
