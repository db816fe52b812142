import type { Blueprint } from '@common/blueprints';
import type { HealthCheck, HealthHistory } from '@common/health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

let t: TestApp;
let clock = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: () => clock } });
});

afterAll(async () => {
  await t?.close();
});

const answers = {
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'Cooking',
  audienceSize: '50k-100k',
  monthlyRevenue: '1000-5000',
  currentStreams: ['ad_revenue'],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: false,
};

async function newCreator() {
  const request = as(t, await signUpUser(t));
  await request('/api/user/onboarding', { method: 'POST', json: answers });
  return request;
}

type Request = Awaited<ReturnType<typeof newCreator>>;

const run = async (request: Request) => {
  const response = await request('/api/health-check', { method: 'POST' });
  expect(response.status).toBe(200);
  return (await response.json()) as HealthCheck;
};
const latest = async (request: Request) =>
  (await (await request('/api/health-check')).json()) as HealthCheck | null;
const history = async (request: Request) =>
  (await (await request('/api/health-check/history')).json()) as HealthHistory;
// Last month's: the monthly income counts complete months only (November is in progress).
const addRevenue = (request: Request, source: string, amount: string, date = '2026-10-20') =>
  request('/api/revenue', { method: 'POST', json: { source, amount, date } });

describe('running the health check', () => {
  it('answers null before the first run, then the stored result, for this creator only', async () => {
    const request = await newCreator();
    const other = await newCreator();
    expect(await latest(request)).toBeNull();
    await addRevenue(request, 'youtube_ads', '3000');

    const result = await run(request);
    expect(result).toMatchObject({
      basis: 'revenue',
      algorithmDependency: 100,
      platformRiskScore: 100,
      diversificationScore: 0,
      largestPlatform: 'youtube',
      // One complete month recorded (October): £3,000 a month, not £3,000 spread over three.
      monthlyRevenue: '3000.00',
      incomeAtRisk: '1200.00',
      incomeWindow: { firstMonth: '2026-10', lastMonth: '2026-10' },
    });
    expect(result.recommendations[0]).toMatchObject({ priority: 'high' });
    expect(await latest(request)).toEqual(result);
    expect(await latest(other)).toBeNull();
    expect(await history(other)).toEqual([]);
  });

  it('reads only the last three complete months of revenue, and falls back to the answers, saying so', async () => {
    const request = await newCreator();
    // On 2026-11-23 the window is August to October; July is outside, and so is November so far.
    await addRevenue(request, 'courses', '500', '2026-07-31');
    await addRevenue(request, 'courses', '700', '2026-11-20');
    const outside = await run(request);
    expect(outside.basis).toBe('onboarding');
    expect(outside.recommendations.map((item) => item.title)).toContain('Record your revenue');

    const inputs = async () => (await request('/api/health-check/inputs')).json();
    expect(await inputs()).toEqual({
      hasAnswers: true,
      platforms: ['youtube'],
      currentStreams: ['ad_revenue'],
      hasAnalytics: false,
      revenueEntryCount: 0,
      revenueSourceCount: 0,
      revenueTotal: '0.00',
      monthlyIncome: {
        amount: '0.00',
        firstMonth: null,
        lastMonth: null,
        months: 0,
        currentMonth: '2026-11',
        pending: [],
        soFar: '700.00',
      },
    });
    await addRevenue(request, 'courses', '500', '2026-08-01');
    expect(await inputs()).toMatchObject({
      revenueEntryCount: 1,
      revenueSourceCount: 1,
      revenueTotal: '500.00',
      monthlyIncome: { amount: '166.67', firstMonth: '2026-08', lastMonth: '2026-10', months: 3 },
    });
    clock = new Date(clock.getTime() + 1000);
    const inside = await run(request);
    expect(inside).toMatchObject({ basis: 'revenue', algorithmDependency: 10 });
  });

  it('gives one run for a double-click, a new one when the inputs change or a minute has passed', async () => {
    const request = await newCreator();
    await addRevenue(request, 'youtube_ads', '1200');
    const [first, second] = await Promise.all([run(request), run(request)]);
    expect(second.id).toBe(first.id);
    expect(await history(request)).toHaveLength(1);

    // New revenue changes the inputs: a new run at once, and it is the latest.
    await addRevenue(request, 'coaching', '1200');
    clock = new Date(clock.getTime() + 1000);
    const changed = await run(request);
    expect(changed.id).not.toBe(first.id);
    expect(changed.algorithmDependency).toBeLessThan(first.algorithmDependency);
    expect((await latest(request))?.id).toBe(changed.id);

    clock = new Date(clock.getTime() + 30_000);
    expect((await run(request)).id).toBe(changed.id);
    clock = new Date(clock.getTime() + 31_000);
    const later = await run(request);
    expect(later.id).not.toBe(changed.id);

    const scores = await history(request);
    expect(scores.map((point) => point.overallScore)).toEqual([
      first.overallScore,
      changed.overallScore,
      later.overallScore,
    ]);
    expect(scores.map((point) => point.createdAt)).toEqual(
      [first, changed, later].map((check) => check.createdAt),
    );
  });

  it('is what the blueprint plans from', async () => {
    // Same answers; one creator's check finds all their income in YouTube ads (docs/scoring.md: a
    // digital product first), the other has run no check (an email list first).
    const withCheck = await newCreator();
    await addRevenue(withCheck, 'youtube_ads', '1000');
    await run(withCheck);
    const withoutCheck = await newCreator();
    const plan = async (request: Request) =>
      ((await (await request('/api/blueprints', { method: 'POST' })).json()) as Blueprint).steps[0]!.title;
    expect(await plan(withoutCheck)).toBe('Own your audience: start an email list');
    expect(await plan(withCheck)).not.toBe('Own your audience: start an email list');
  });
});
