import type { Blueprint } from '@common/blueprints';
import type { HealthCheck, HealthCheckInputs, HealthHistory } from '@common/health-check';
import type { RevenueSummary } from '@common/revenue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { lastThreeCompleteMonths, lumpyYear, lumpyYearCsv } from '../../../tests/support/lumpy-year';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';

// "Today" is the 26th: November is half entered (Patreon, one of the usual two deals, a merch payout).
const TODAY = '2026-11-26';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    env: { TRUST_PROXY: 'true' },
    deps: { now: () => new Date(`${TODAY}T12:00:00Z`) },
  });
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
  currentStreams: ['ad_revenue', 'sponsorships', 'membership_patreon', 'merchandise'],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
};

const entries = lumpyYear(TODAY);
const expected = lastThreeCompleteMonths(entries, TODAY);
const perMonth = (expected.pencePerMonth / 100).toFixed(2);

async function creatorWithLumpyYear() {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, 'guardian');
  const request = as(t, user);
  expect((await request('/api/user/onboarding', { method: 'POST', json: answers })).status).toBe(200);
  const imported = await request('/api/revenue/import', {
    method: 'POST',
    json: { csv: lumpyYearCsv(entries) },
  });
  expect(imported.status, await imported.clone().text()).toBe(200);
  return request;
}

const json = async <T>(response: Response) => (await response.json()) as T;

describe('one monthly income on every screen', () => {
  it('is the average of the last three complete months, with this month apart as "so far"', async () => {
    const request = await creatorWithLumpyYear();
    expect(expected.months).toEqual(['2026-08', '2026-09', '2026-10']);

    const summary = await json<RevenueSummary>(await request('/api/revenue/summary'));
    expect(summary.monthlyIncome).toEqual({
      amount: perMonth,
      firstMonth: '2026-08',
      lastMonth: '2026-10',
      months: 3,
      currentMonth: '2026-11',
      pending: [],
      soFar: '1400.00',
    });

    const inputs = await json<HealthCheckInputs>(await request('/api/health-check/inputs'));
    expect(inputs.monthlyIncome).toEqual(summary.monthlyIncome);

    const check = await json<HealthCheck>(await request('/api/health-check', { method: 'POST' }));
    expect(check.monthlyRevenue).toBe(perMonth);
    expect(check.incomeWindow).toEqual({ firstMonth: '2026-08', lastMonth: '2026-10' });

    const blueprint = await json<Blueprint>(await request('/api/blueprints', { method: 'POST' }));
    const pounds = `£${Math.round(expected.pencePerMonth / 100).toLocaleString('en-GB')}`;
    expect(blueprint.projectionBasis).toContain(`${pounds} a month in recorded revenue (Aug–Oct)`);
  });

  it('scores source shares from complete months, not from a half-entered one', async () => {
    const request = await creatorWithLumpyYear();
    const check = await json<HealthCheck>(await request('/api/health-check', { method: 'POST' }));
    // Stored beside the run: exactly the window's totals per source, November left out.
    const { rows } = await t.database.pool.query<{ inputs: { revenueBySource: Record<string, number> } }>(
      'SELECT inputs FROM health_checks WHERE id = $1',
      [check.id],
    );
    const bySource: Record<string, number> = {};
    for (const entry of entries.filter((e) => expected.months.includes(e.date.slice(0, 7)))) {
      bySource[entry.source] = (bySource[entry.source] ?? 0) + Math.round(Number(entry.amount) * 100);
    }
    expect(rows[0]!.inputs.revenueBySource).toEqual(bySource);
  });

  it('counts only the months since the creator began recording', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '900', date: '2026-10-21' },
    });
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '500', date: '2026-11-21' },
    });
    const summary = await json<RevenueSummary>(await request('/api/revenue/summary'));
    expect(summary.monthlyIncome).toMatchObject({
      amount: '900.00',
      firstMonth: '2026-10',
      months: 1,
      soFar: '500.00',
    });
  });
});

describe('the health check’s history', () => {
  it('starts at the first check made from recorded revenue, not the onboarding estimate before it', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    await request('/api/user/onboarding', { method: 'POST', json: answers });
    const estimate = await json<HealthCheck>(await request('/api/health-check', { method: 'POST' }));
    expect(estimate.basis).toBe('onboarding');
    await request('/api/revenue/import', { method: 'POST', json: { csv: lumpyYearCsv(entries) } });
    const real = await json<HealthCheck>(await request('/api/health-check', { method: 'POST' }));
    expect(real.basis).toBe('revenue');
    const history = await json<HealthHistory>(await request('/api/health-check/history'));
    expect(history).toEqual([{ createdAt: real.createdAt, overallScore: real.overallScore }]);
  });
});
