import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type FakeStripe, sendStripeEvent, startFakeStripe } from '../../../tests/support/stripe-server';
import { confirmPlace, seedSignupsUpTo, signUp, signUpAndConfirm } from '../../../tests/support/waitlist';
import { renderEmail } from '../../integrations/email/templates/render-email';
import { lifetimePlaceLink } from '../../integrations/stripe/lifetime-place-link';

let stripe: FakeStripe;
let t: TestApp;

beforeAll(async () => {
  stripe = await startFakeStripe();
  t = await startTestApp({ env: { TRUST_PROXY: 'true', ...stripe.env } });
  // The first 50 places are free: every signup in this file takes a lifetime place (51–550).
  await seedSignupsUpTo(t.database.pool, 50);
});

afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

let emailCount = 0;
const uniqueEmail = () => `lifetime.${Date.now()}.${++emailCount}@ballast.test`;

type Place = { id: string; position: number; paid_at: Date | null };

async function placeOf(app: TestApp, email: string): Promise<Place> {
  const { rows } = await app.database.pool.query<Place>(
    'SELECT id, position, paid_at FROM waitlist_signups WHERE email = $1',
    [email],
  );
  return rows[0]!;
}

async function paymentEmails(app: TestApp, email: string) {
  const { rows } = await app.database.pool.query<{ payload: { url: string; position: number } }>(
    `SELECT payload FROM outbox_messages
     WHERE payload->>'template' = 'lifetime-place-payment' AND payload->>'to' = $1 ORDER BY created_at`,
    [email],
  );
  return rows.map((row) => row.payload);
}

/** What the address was told of its place when it was signed up again. */
async function standingEmails(email: string) {
  const { rows } = await t.database.pool.query<{ payload: { message: string } }>(
    `SELECT payload FROM outbox_messages
     WHERE payload->>'template' = 'waitlist-standing' AND payload->>'to' = $1 ORDER BY created_at`,
    [email],
  );
  return rows.map((row) => row.payload);
}

/** A new lifetime place, kept, and the link its email carries (sent once the address is confirmed). */
async function newPlace() {
  const email = uniqueEmail();
  expect(await paymentEmails(t, email)).toEqual([]);
  expect((await signUpAndConfirm(t, { email })).tier).toBe('lifetime_paid');
  const [message] = await paymentEmails(t, email);
  return { email, place: await placeOf(t, email), link: message!.url };
}

/** Opens the emailed link as a browser would (without following the redirect). */
function openLink(link: string) {
  return fetch(link, { redirect: 'manual' });
}

async function checkoutSessionBehind(link: string) {
  const response = await openLink(link);
  expect(response.status, await response.clone().text()).toBe(303);
  const location = response.headers.get('location')!;
  return [...stripe.objects.checkoutSessions.values()].find((session) => session.url === location)!;
}

async function pay(sessionId: string) {
  const paid = stripe.completeCheckoutSession(sessionId);
  const response = await sendStripeEvent(t.baseUrl, stripe.event('checkout.session.completed', paid));
  expect(response.status, await response.clone().text()).toBe(200);
  return paid;
}

const pathOf = (link: string) => link.slice(t.baseUrl.length);

describe('the £5 link for a lifetime place', () => {
  it('goes out with the welcome, bound to the place', async () => {
    const { email, place, link } = await newPlace();
    expect(link).toBe(lifetimePlaceLink(t.baseUrl, t.config.sessionSecret, place.id));
    expect(await paymentEmails(t, email)).toEqual([
      {
        channel: 'email',
        template: 'lifetime-place-payment',
        to: email,
        position: place.position,
        url: link,
      },
    ]);
  });

  it('reads as a £5 payment for that position, with the link as a button and as text', async () => {
    const { email } = await newPlace();
    const [message] = await paymentEmails(t, email);
    const rendered = renderEmail(
      { channel: 'email', template: 'lifetime-place-payment', to: email, ...message! },
      { publicUrl: t.baseUrl, supportEmail: 'support@ballast.test', unsubscribeUrl: 'unused' },
    );
    expect(rendered.subject).toBe(`Your £5 link: lifetime access at #${message!.position}`);
    expect(rendered.text).toContain(`Pay £5:\n${message!.url}`);
    expect(rendered.html).toContain(`href="${message!.url}"`);
  });

  it('opens a £5 Checkout Session for that place, and the same session while it stays open', async () => {
    const { email, place, link } = await newPlace();
    const [first, second] = await Promise.all([checkoutSessionBehind(link), checkoutSessionBehind(link)]);
    expect(second!.id).toBe(first!.id);
    expect(first).toMatchObject({
      mode: 'payment',
      amount_total: 500,
      currency: 'gbp',
      customer_email: email,
      client_reference_id: place.id,
      metadata: { purpose: 'lifetime_place', signupId: place.id, position: String(place.position) },
    });
    expect(first!.success_url).toBe(
      `${link.replace('/checkout?', '/return?')}&session_id={CHECKOUT_SESSION_ID}`,
    );
    expect(first!.cancel_url).toBe(link.replace('/checkout?', '/return?'));
    expect((await checkoutSessionBehind(link)).id).toBe(first!.id);
    const price = [...stripe.objects.prices.values()].find(
      (candidate) => candidate.lookup_key === 'ballast_lifetime_place_gbp',
    );
    expect(price).toMatchObject({ unit_amount: 500, currency: 'gbp', type: 'one_time' });
  });

  it('paying marks the place paid; then the link says so and never opens another session', async () => {
    const { email, link } = await newPlace();
    const session = await checkoutSessionBehind(link);
    const returnPath = pathOf(session.success_url as string).replace('{CHECKOUT_SESSION_ID}', session.id);

    // Back from Stripe before the webhook: Stripe's word on the session is enough to say so.
    stripe.completeCheckoutSession(session.id);
    const early = await t.request(returnPath);
    expect(early.status).toBe(200);
    expect(await early.text()).toContain('Lifetime access: paid');
    expect((await placeOf(t, email)).paid_at).toBeNull();

    await sendStripeEvent(
      t.baseUrl,
      stripe.event('checkout.session.completed', stripe.objects.checkoutSessions.get(session.id)!),
    );
    expect((await placeOf(t, email)).paid_at).toBeInstanceOf(Date);

    const sessionsBefore = stripe.requestsTo('POST', '/v1/checkout/sessions').length;
    const again = await openLink(link);
    expect(again.status).toBe(200);
    const page = await again.text();
    expect(page).toContain('Already paid');
    expect(page).toContain('There is nothing more to pay.');
    expect(stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(sessionsBefore);

    // Signing up again tells the address it is paid, and sends no link.
    expect((await signUp(t, { email })).status).toBe(200);
    expect((await standingEmails(email)).at(-1)!.message).toMatch(/your lifetime access is paid\.$/);
    expect(await paymentEmails(t, email)).toHaveLength(1);
  });

  it('a second payment for a place already paid is refunded, and other open sessions are closed', async () => {
    const { email, place, link } = await newPlace();
    const first = await checkoutSessionBehind(link);
    // The first session is about to expire, so the next click gets a session of its own.
    await t.database.pool.query(
      "UPDATE lifetime_place_checkouts SET expires_at = now() + interval '5 minutes' WHERE stripe_session_id = $1",
      [first.id],
    );
    const second = await checkoutSessionBehind(link);
    expect(second.id).not.toBe(first.id);

    await pay(first.id);
    expect((await placeOf(t, email)).paid_at).toBeInstanceOf(Date);
    expect(stripe.objects.checkoutSessions.get(second.id)!.status).toBe('expired');

    // Paid in another tab a moment before it closed: refunded in full, the place stays paid once.
    const paidTwice = await pay(second.id);
    const refunds = [...stripe.objects.refunds.values()].filter(
      (refund) => refund.payment_intent === paidTwice.payment_intent,
    );
    expect(refunds).toEqual([expect.objectContaining({ status: 'succeeded', amount: 500 })]);
    expect(stripe.requestsTo('POST', '/v1/refunds').at(-1)!.idempotencyKey).toBe(
      `ballast-refund-${second.id}`,
    );
    const { rows } = await t.database.pool.query(
      'SELECT stripe_session_id, completed_at IS NOT NULL AS completed, refunded_at IS NOT NULL AS refunded FROM lifetime_place_checkouts WHERE signup_id = $1 ORDER BY created_at',
      [place.id],
    );
    expect(rows).toEqual([
      { stripe_session_id: first.id, completed: true, refunded: false },
      { stripe_session_id: second.id, completed: true, refunded: true },
    ]);

    // Stripe delivering the first payment's event again changes nothing and refunds nothing.
    const refundsBefore = stripe.objects.refunds.size;
    await pay(first.id);
    expect(stripe.objects.refunds.size).toBe(refundsBefore);
  });

  it('is sent again when the place’s owner signs up again, at most every few minutes', async () => {
    const { email } = await newPlace();
    // Whoever signs the address up again is answered as anyone new; the address gets its standing,
    // with the link again.
    const soon = await signUp(t, { email });
    expect((await soon.json()).message).toMatch(/^Confirm within 48 hours to keep #/);
    expect((await standingEmails(email)).at(-1)!.message).toMatch(
      /nothing more to do: lifetime access for £5 is reserved/,
    );
    expect(await paymentEmails(t, email)).toHaveLength(2);
    // Again at once, twice at the same moment: nothing more for ten minutes.
    await Promise.all([signUp(t, { email }), signUp(t, { email })]);
    expect(await paymentEmails(t, email)).toHaveLength(2);

    await t.database.pool.query(
      "UPDATE outbox_messages SET created_at = now() - interval '11 minutes' WHERE payload->>'to' = $1",
      [email],
    );
    await Promise.all([signUp(t, { email }), signUp(t, { email })]);
    const emails = await paymentEmails(t, email);
    expect(emails).toHaveLength(3);
    expect(emails[2]!.url).toBe(emails[0]!.url);
  });

  it('after a cancelled checkout, the return page says the place is still reserved and links back', async () => {
    const { place, link } = await newPlace();
    const session = await checkoutSessionBehind(link);
    const response = await t.request(pathOf(session.cancel_url as string));
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('No payment taken');
    expect(page).toContain(`Your lifetime place at #${place.position} is still reserved for you.`);
    expect(page).toContain(`href="${link}"`);
  });

  it('answers a broken or forged link, or one for a free place, with a readable 400 page', async () => {
    const { link, place } = await newPlace();
    const other = await newPlace();
    const { rows } = await t.database.pool.query<{ id: string }>(
      'SELECT id FROM waitlist_signups WHERE position = 1',
    );
    const freePlace = lifetimePlaceLink(t.baseUrl, t.config.sessionSecret, rows[0]!.id);
    for (const broken of [
      link.slice(0, -4),
      // Another place's id under this place's signature.
      link.replace(place.id, other.place.id),
      freePlace,
      `${t.baseUrl}/api/billing/lifetime-place/checkout`,
    ]) {
      const response = await openLink(broken);
      expect(response.status, broken).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain('This payment link doesn&#39;t work');
    }
  });
});

describe('without Stripe configured', () => {
  it('sends the welcome only (it says the link follows), and the link page says payments are not open', async () => {
    const off = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      await seedSignupsUpTo(off.database.pool, 50);
      const email = uniqueEmail();
      const response = await signUp(off, { email });
      expect(await response.json()).toMatchObject({ tier: 'lifetime_paid', position: 51 });
      const { rows } = await off.database.pool.query<{ template: string | null }>(
        "SELECT payload->>'template' AS template FROM outbox_messages WHERE payload->>'to' = $1",
        [email],
      );
      expect(rows).toEqual([{ template: 'waitlist-welcome' }]);
      // Keeping the place or signing up again does not send one either.
      await confirmPlace(off, email);
      await signUp(off, { email });
      expect(await paymentEmails(off, email)).toEqual([]);

      const place = await placeOf(off, email);
      const page = await fetch(lifetimePlaceLink(off.baseUrl, off.config.sessionSecret, place.id));
      expect(page.status).toBe(503);
      expect(await page.text()).toContain(
        `Your lifetime place at #51 stays reserved. Nothing has been charged.`,
      );
    } finally {
      await off.close();
    }
  });
});
