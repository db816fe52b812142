import type { BillingStatus } from '@common/billing';
import type { Blueprint } from '@common/blueprints';
import type { UserPlan } from '@common/plans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, proveAddress, signUpUser } from '../../../tests/support/users';
import { nextVisitorAddress, seedSignupsUpTo, signUpAndConfirm } from '../../../tests/support/waitlist';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

async function creatorOn(plan: UserPlan) {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, plan);
  return { user, request: as(t, user) };
}

type Request = ReturnType<typeof as>;

async function generate(request: Request) {
  // Generating is rate limited per address: each call comes from its own, as separate creators' would.
  const response = await request('/api/blueprints', {
    method: 'POST',
    headers: { 'x-forwarded-for': nextVisitorAddress() },
  });
  return { status: response.status, body: (await response.json()) as Blueprint & { message?: string } };
}

const setProgress = (request: Request, id: string, progress: number) =>
  request(`/api/blueprints/${id}/progress`, { method: 'PATCH', json: { progress } });

const billing = async (request: Request) => (await (await request('/api/billing')).json()) as BillingStatus;

const BLUEPRINT_REQUIRED = {
  error: 'PLAN_REQUIRED',
  message:
    'The full 30-day blueprint (weeks 2–4): available with The Blueprint (£79 one-time). Choose it at /subscribe?plan=blueprint.',
};

describe('the blueprint without a plan', () => {
  it('previews week 1 only: later weeks keep their titles but not their tasks', async () => {
    const { request } = await creatorOn('none');
    const { status, body } = await generate(request);
    expect(status).toBe(201);
    expect(body.steps.map((step) => [step.week, step.isLocked, step.tasks.length > 0])).toEqual([
      [1, false, true],
      [2, true, false],
      [3, true, false],
      [4, true, false],
    ]);
    const [listed] = (await (await request('/api/blueprints')).json()) as Blueprint[];
    expect(listed!.steps.slice(1).every((step) => step.tasks.length === 0 && step.isLocked)).toBe(true);
    expect(listed!.steps[1]!.title).not.toBe('');
  });

  it('marks week 1 done, but progress beyond it answers 402 naming The Blueprint', async () => {
    const { request } = await creatorOn('none');
    const { body } = await generate(request);
    expect((await setProgress(request, body.id, 25)).status).toBe(200);
    const beyond = await setProgress(request, body.id, 50);
    expect(beyond.status).toBe(402);
    expect(await beyond.json()).toEqual(BLUEPRINT_REQUIRED);
    // Another creator's blueprint is still missing, whatever the plan.
    const stranger = (await creatorOn('none')).request;
    expect((await setProgress(stranger, body.id, 50)).status).toBe(404);
  });

  it('a second blueprint answers 402 naming The Blueprint', async () => {
    const { user, request } = await creatorOn('none');
    const { body } = await generate(request);
    await t.database.pool.query("UPDATE blueprints SET status = 'completed' WHERE id = $1", [body.id]);
    const second = await generate(request);
    expect(second.status).toBe(402);
    expect(second.body.message).toBe(
      'Another blueprint: available with The Blueprint (£79 one-time). Choose it at /subscribe?plan=blueprint.',
    );
    expect(
      (await t.database.pool.query('SELECT id FROM blueprints WHERE user_id = $1', [user.id])).rows,
    ).toHaveLength(1);
  });
});

describe('the blueprint with a plan', () => {
  it.each(['blueprint', 'guardian', 'mastermind'] as const)(
    '%s: all four weeks, every task, to 100%%',
    async (plan) => {
      const { request } = await creatorOn(plan);
      const { body } = await generate(request);
      expect(body.steps.every((step) => !step.isLocked && step.tasks.length > 0)).toBe(true);
      const done = await setProgress(request, body.id, 100);
      expect(done.status).toBe(200);
      expect(await done.json()).toMatchObject({ status: 'completed' });
    },
  );

  it('The Blueprint: one new blueprint a month; The Guardian: a new one whenever the last is done', async () => {
    const once = await creatorOn('blueprint');
    const first = await generate(once.request);
    await setProgress(once.request, first.body.id, 100);
    const again = await generate(once.request);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/one new blueprint a month/);

    const monthly = await creatorOn('guardian');
    const mine = await generate(monthly.request);
    await setProgress(monthly.request, mine.body.id, 100);
    expect((await generate(monthly.request)).status).toBe(201);
  });
});

describe('lifetime places', () => {
  it('a free place gives The Guardian for life, only once the account has proven the address', async () => {
    const email = `first-fifty.${Date.now()}@ballast.test`;
    expect(await signUpAndConfirm(t, { email })).toMatchObject({ tier: 'free' });
    const user = await signUpUser(t, { email });
    const request = as(t, user);
    expect(await billing(request)).toMatchObject({
      plan: 'none',
      planSource: null,
      planLabel: 'No plan yet',
    });
    expect((await request('/api/alerts/stream')).status).toBe(402);

    await proveAddress(t, user);
    expect(await billing(request)).toMatchObject({
      plan: 'guardian',
      planSource: 'lifetime',
      planLabel: 'Lifetime · The Guardian',
    });
    const controller = new AbortController();
    const stream = await request('/api/alerts/stream', { signal: controller.signal });
    expect(stream.status).toBe(200);
    controller.abort();
  });

  it('a £5 place counts once it is paid, whichever comes first: the account or the payment', async () => {
    await seedSignupsUpTo(t.database.pool, 60);
    const email = `lifetime.${Date.now()}@ballast.test`;
    expect(await signUpAndConfirm(t, { email })).toMatchObject({ tier: 'lifetime_paid' });
    const user = await signUpUser(t, { email: email.toUpperCase() });
    await proveAddress(t, user);
    const request = as(t, user);
    expect((await billing(request)).plan).toBe('none');
    await t.database.pool.query('UPDATE waitlist_signups SET paid_at = now() WHERE email = $1', [email]);
    expect(await billing(request)).toMatchObject({ plan: 'guardian', planSource: 'lifetime' });
  });

  it('a paid plan above it wins; The Blueprint under it does not', async () => {
    const email = `stacked.${Date.now()}@ballast.test`;
    await signUpAndConfirm(t, { email });
    await t.database.pool.query('UPDATE waitlist_signups SET paid_at = now() WHERE email = $1', [email]);
    const user = await signUpUser(t, { email });
    await proveAddress(t, user);
    await givePaidPlan(t, user.id, 'blueprint');
    expect(await billing(as(t, user))).toMatchObject({ plan: 'guardian', planSource: 'lifetime' });
    await givePaidPlan(t, user.id, 'mastermind');
    expect(await billing(as(t, user))).toMatchObject({ plan: 'mastermind', planSource: 'paid' });
  });

  it('a place on the plain waitlist gives nothing', async () => {
    await seedSignupsUpTo(t.database.pool, 560);
    const email = `later.${Date.now()}@ballast.test`;
    expect(await signUpAndConfirm(t, { email })).toMatchObject({ tier: 'waitlist' });
    const user = await signUpUser(t, { email });
    await proveAddress(t, user);
    expect((await billing(as(t, user))).plan).toBe('none');
  });
});
