import type { AlertPage } from '@common/alerts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { scanChangedCreators } from './scan';

/**
 * A creator paid in dollars while the dollar falls against the pound: her totals in pounds fall, her
 * sales do not. The scan says so once, and raises a fall only for a fall in what was paid.
 */

const clock = new Date('2026-11-23T12:00:00Z');
let t: TestApp;

// The mid-month day of June to October; the dollar goes from 1.10 a euro to 1.60 in October.
const PAYDAYS = ['2026-06-15', '2026-07-15', '2026-08-14', '2026-09-15', '2026-10-15'];

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => clock } });
  await storeRatesFromEcb(
    t,
    PAYDAYS.map((day) => ({
      day,
      rates: { USD: day.startsWith('2026-10') ? '1.6000' : '1.1000', GBP: '0.8500' },
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

async function paidInDollars(amounts: number[]) {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, 'guardian');
  const request = as(t, user);
  for (const [index, amount] of amounts.entries()) {
    const entry = { source: 'courses', amount: String(amount), currency: 'USD', date: PAYDAYS[index] };
    expect((await request('/api/revenue', { method: 'POST', json: entry })).status).toBe(201);
  }
  await scanChangedCreators({ db: t.database.db, jobs: t.jobs }, () => clock);
  return ((await (await request('/api/alerts')).json()) as AlertPage).alerts;
}

describe('a fall in pounds made by the exchange rate', () => {
  it('is explained once, as low, and never raised as a fall in sales', async () => {
    // $1,000 a month: £772.73 at 0.772727 until October, £531.25 at 0.531250 in October.
    const alerts = await paidInDollars([1000, 1000, 1000, 1000, 1000]);
    expect(alerts).toEqual([
      expect.objectContaining({
        severity: 'low',
        atStakePence: null,
        title: 'Courses fell 31% in pounds: the exchange rate, not your sales',
        description:
          'October 2026 brought £531 from Courses in pounds, against £773 in a typical recent month. In the currencies you were paid, it held: the pound rose against them, so the same payments are worth less in pounds.',
        impactDescription: '£241 less in pounds, of which £241 is the exchange rate.',
      }),
    ]);
  });

  it('leaves a real fall in what was paid to the revenue alert, with no word about rates', async () => {
    // October's $400 is 60% under the usual, at any rate.
    const alerts = await paidInDollars([1000, 1000, 1000, 1000, 400]);
    expect(alerts.map((alert) => [alert.severity, alert.title])).toEqual([
      ['critical', 'Courses revenue fell 60%'],
    ]);
  });
});
