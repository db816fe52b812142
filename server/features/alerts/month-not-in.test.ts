import type { AlertPage } from '@common/alerts';
import type { HealthCheckInputs } from '@common/health-check';
import type { RevenueSummary } from '@common/revenue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Recorded, reviewerRecords, trueAverage } from '../../../tests/fixtures/recorded-as-paid';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { runningClockAt } from '../../../tests/support/clock';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { scanChangedCreators } from './scan';

// The creator records each stream as its money arrives; the clock is moved to each moment he types.
const clock = runningClockAt('2025-11-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: clock } });
  const rates = { USD: '1.1650', GBP: '0.8650' };
  await storeRatesFromEcb(t, [
    { day: '2025-08-29', rates },
    { day: '2026-11-30', rates },
  ]);
});

afterAll(async () => {
  await t?.close();
});

type Request = ReturnType<typeof as>;
const json = async <T>(response: Response) => (await response.json()) as T;
const scan = () => scanChangedCreators({ db: t.database.db, jobs: t.jobs }, clock);

/** A creator on a real-time plan, and a way to bring his records in up to a moment, then stand there. */
async function reviewer(records: Recorded[]) {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, 'guardian');
  const request = as(t, user);
  let typed = 0;
  const standAt = async (instant: string) => {
    while (typed < records.length && records[typed]!.recordedAt <= instant) {
      const { recordedAt, ...entry } = records[typed]!;
      clock.set(recordedAt);
      const response = await request('/api/revenue', { method: 'POST', json: entry });
      expect(response.status, await response.clone().text()).toBe(201);
      typed += 1;
    }
    clock.set(instant);
    await scan();
  };
  return { request, standAt };
}

const incomeOf = async (request: Request) =>
  (await json<RevenueSummary>(await request('/api/revenue/summary'))).monthlyIncome;
const unread = async (request: Request) =>
  (await json<AlertPage>(await request('/api/alerts'))).alerts.filter((alert) => !alert.readAt);

describe('the month that is not in yet', () => {
  it('averages only months whose streams are in, on the 1st, 10th, 22nd and 28th, and raises no fall', async () => {
    const records = reviewerRecords();
    const { request, standAt } = await reviewer(records);
    const truth = trueAverage(records, ['2026-09', '2026-10', '2026-11']);

    await standAt('2026-12-01T12:00:00Z');
    let income = await incomeOf(request);
    expect(income).toMatchObject({ firstMonth: '2026-08', lastMonth: '2026-10', months: 3 });
    expect(Number(income.amount)).toBeCloseTo(trueAverage(records, ['2026-08', '2026-09', '2026-10']), 0);
    expect(Math.abs(Number(income.amount) / truth - 1)).toBeLessThan(0.1);
    // November is shown apart: the sponsorships are in, four streams are awaited at their usual amounts.
    expect(income.pending).toHaveLength(1);
    expect(income.pending[0]!.month).toBe('2026-11');
    expect(
      income.pending[0]!.streams.map((stream) => [stream.source, stream.state, stream.usuallyBy]),
    ).toEqual(
      expect.arrayContaining([
        ['youtube_ads', 'awaited', '2026-12-22'],
        ['memberships', 'awaited', '2026-12-04'],
        ['affiliate_marketing', 'awaited', '2026-12-10'],
        ['digital_products', 'awaited', '2026-12-06'],
      ]),
    );
    expect(await unread(request)).toEqual([]);
    // The health check reads the same income.
    const inputs = await json<HealthCheckInputs>(await request('/api/health-check/inputs'));
    expect(inputs.monthlyIncome).toEqual(income);

    await standAt('2026-12-10T12:00:00Z');
    income = await incomeOf(request);
    expect(income).toMatchObject({ firstMonth: '2026-08', lastMonth: '2026-10' });
    expect(income.pending[0]!.streams).toEqual([
      { source: 'youtube_ads', state: 'awaited', usual: expect.any(String), usuallyBy: '2026-12-22' },
    ]);
    expect(await unread(request)).toEqual([]);

    await standAt('2026-12-22T12:00:00Z');
    income = await incomeOf(request);
    expect(income).toMatchObject({ firstMonth: '2026-09', lastMonth: '2026-11', months: 3, pending: [] });
    expect(Number(income.amount)).toBeCloseTo(truth, 0);

    await standAt('2026-12-28T12:00:00Z');
    expect(await incomeOf(request)).toMatchObject({ lastMonth: '2026-11', pending: [] });
    expect(await unread(request)).toEqual([]);
  });

  it('raises a real fall in a recorded month the day it is recorded', async () => {
    const { request, standAt } = await reviewer(
      reviewerRecords({ source: 'memberships', month: '2026-11', amount: '250.00' }),
    );
    await standAt('2026-12-04T12:00:00Z');
    const alerts = await unread(request);
    expect(alerts.map((alert) => alert.title)).toEqual([
      expect.stringMatching(/^Memberships .* revenue fell 5\d%$/),
    ]);
    expect(alerts[0]!.description).toContain('November 2026 brought £250');
  });

  it('reminds of a stream well past its usual day, low and once, and counts it once it is said to be £0', async () => {
    const { request, standAt } = await reviewer(
      reviewerRecords({ source: 'youtube_ads', month: '2026-11', amount: null }),
    );
    await standAt('2026-12-27T12:00:00Z');
    expect(await unread(request)).toEqual([]);
    // Nothing new is recorded: the scan looks again on its own the day the margin has passed.
    await standAt('2026-12-28T00:05:00Z');
    const [reminder, ...others] = await unread(request);
    expect(others).toEqual([]);
    expect(reminder).toMatchObject({
      severity: 'low',
      title: 'YouTube Ads: November not recorded yet',
      record: {
        source: 'youtube_ads',
        month: '2026-11',
        date: '2026-11-30',
        usual: expect.stringMatching(/^1\d{3}\.\d\d$/),
      },
    });
    expect(reminder!.description).toContain('usually arrives by 22 December');
    expect(await incomeOf(request)).toMatchObject({ lastMonth: '2026-10' });

    const said = await request('/api/revenue/nothing-in-month', {
      method: 'POST',
      json: { source: 'youtube_ads', month: '2026-11' },
    });
    expect(said.status).toBe(201);
    expect(await said.json()).toMatchObject({
      amount: '0.00',
      date: '2026-11-30',
      description: 'Nothing this month',
    });
    const again = await request('/api/revenue/nothing-in-month', {
      method: 'POST',
      json: { source: 'youtube_ads', month: '2026-11' },
    });
    expect(again.status).toBe(409);
    const thisMonth = await request('/api/revenue/nothing-in-month', {
      method: 'POST',
      json: { source: 'youtube_ads', month: '2026-12' },
    });
    expect(thisMonth.status).toBe(400);

    await standAt('2026-12-28T00:10:00Z');
    expect(await incomeOf(request)).toMatchObject({ lastMonth: '2026-11', pending: [] });
    // The reminder is done with; the month he said brought nothing is now judged like any other.
    const titles = (await unread(request)).map((alert) => alert.title);
    expect(titles).not.toContain('YouTube Ads: November not recorded yet');
    expect(titles).toEqual([expect.stringMatching(/^YouTube Ads revenue fell 100%$/)]);
  });

  it('refuses a signed-out "it was £0" before reading it', async () => {
    const response = await t.request('/api/revenue/nothing-in-month', { method: 'POST', body: 'not json' });
    expect(response.status).toBe(401);
  });
});
