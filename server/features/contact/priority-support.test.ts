import type { AdminContactMessages } from '@common/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, proveAddress, signInWithEmailLink, signUpUser } from '../../../tests/support/users';
import { nextVisitorAddress } from '../../../tests/support/waitlist';

const OPERATOR = 'inbox-ops@ballast.test';

let t: TestApp;
let operator: ReturnType<typeof as>;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true', ADMIN_EMAILS: OPERATOR } });
  const operatorUser = await signInWithEmailLink(t, OPERATOR);
  operator = as(t, operatorUser);
});

afterAll(async () => {
  await t?.close();
});

/** The public contact form, from a signed-in account (`cookie`) or a visitor. */
const sendContactMessage = (email: string, message: string, cookie?: string) =>
  t.request('/api/contact', {
    method: 'POST',
    json: { name: 'Maya', email, message },
    headers: { 'x-forwarded-for': nextVisitorAddress(), ...(cookie ? { cookie } : {}) },
  });

const inbox = async () => (await (await operator('/api/admin/messages')).json()) as AdminContactMessages;

describe('priority support', () => {
  it('lists a Mastermind creator’s message first, flagged, with its reply-by time', async () => {
    const mastermind = await signUpUser(t);
    await givePaidPlan(t, mastermind.id, 'mastermind');
    await proveAddress(t, mastermind);
    const guardian = await signUpUser(t);
    await givePaidPlan(t, guardian.id, 'guardian');
    await proveAddress(t, guardian);
    // Priority follows the signed-in sender's plan, never the address typed into the public form.
    const unproven = await signUpUser(t);
    await givePaidPlan(t, unproven.id, 'mastermind');

    expect(
      (await sendContactMessage(mastermind.email, 'Sponsorship contract question', mastermind.cookie)).status,
    ).toBe(200);
    await sendContactMessage(guardian.email, 'How do alerts work?', guardian.cookie);
    await sendContactMessage(mastermind.email, 'Typing a Mastermind customer’s address');
    await sendContactMessage(unproven.email, 'A Mastermind account, address not yet proven', unproven.cookie);

    const { messages } = await inbox();
    expect(messages.map(({ message, isPriority }) => [message, isPriority])).toEqual([
      ['A Mastermind account, address not yet proven', true],
      ['Sponsorship contract question', true],
      ['Typing a Mastermind customer’s address', false],
      ['How do alerts work?', false],
    ]);
    const first = messages[1];
    expect(Date.parse(first!.replyBy!) - Date.parse(first!.createdAt)).toBe(4 * 3600 * 1000);
    expect(messages[2]!.replyBy).toBeNull();
  });
});

describe('the monthly strategy review', () => {
  it('answers 402 naming The Mastermind to the other plans', async () => {
    for (const plan of ['none', 'blueprint', 'guardian'] as const) {
      const user = await signUpUser(t);
      await givePaidPlan(t, user.id, plan);
      const response = await as(t, user)('/api/strategy-review', { method: 'POST', json: {} });
      expect(response.status, plan).toBe(402);
      expect(await response.json()).toEqual({
        error: 'PLAN_REQUIRED',
        message:
          'The monthly strategy review: available with The Mastermind (£199 per month). Choose it at /subscribe?plan=mastermind.',
      });
    }
  });

  it('reaches the operators’ inbox first and the support address, once a month', async () => {
    const user = await signUpUser(t, { firstName: 'Priya' });
    await givePaidPlan(t, user.id, 'mastermind');
    const request = as(t, user);
    const asked = await request('/api/strategy-review', {
      method: 'POST',
      json: { note: 'Should I launch a paid community or a course first?' },
    });
    expect(asked.status).toBe(200);
    expect((await asked.json()).success).toBe(true);
    const [first] = (await inbox()).messages;
    expect(first).toMatchObject({
      kind: 'strategy_review',
      isPriority: true,
      name: 'Priya',
      email: user.email,
      message: 'Should I launch a paid community or a course first?',
    });
    const { rows } = await t.database.pool.query(
      "SELECT payload FROM outbox_messages WHERE payload->>'template' = 'contact-notification' AND payload->>'email' = $1",
      [user.email],
    );
    expect(rows).toHaveLength(1);

    const again = await request('/api/strategy-review', { method: 'POST', json: {} });
    expect(again.status).toBe(409);
    const tooLong = await request('/api/strategy-review', {
      method: 'POST',
      json: { note: 'x'.repeat(10_001) },
    });
    expect(tooLong.status).toBe(400);
  });
});
