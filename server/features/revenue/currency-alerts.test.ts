import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';
import { as, signUpUser } from '../../../tests/support/users';
import { sourceMonthToDateTotals, sourceMonthTotals } from './totals-store';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // The dollar falls hard against the pound from July to September.
  await storeRatesFromEcb(t, [
    { day: '2026-07-01', rates: { USD: '1.0000', GBP: '0.9000' } },
    { day: '2026-08-03', rates: { USD: '1.3000', GBP: '0.8500' } },
    { day: '2026-09-01', rates: { USD: '1.5000', GBP: '0.8000' } },
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('what the revenue alerts compare', () => {
  it('months paid the same in dollars stay the same, whatever the rate did; pounds stay pounds', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    for (const date of ['2026-07-01', '2026-08-03', '2026-09-01']) {
      const dollars = { source: 'digital_products', amount: '1000', currency: 'USD', date };
      expect((await request('/api/revenue', { method: 'POST', json: dollars })).status).toBe(201);
    }
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'coaching', amount: '250.50', date: '2026-08-03' },
    });
    // In pounds the dollar months read 900.00, 653.85 and 533.33: a 41% fall made by the rate alone.
    const summary = (await (await request('/api/revenue/summary')).json()) as {
      monthly: { amount: string }[];
    };
    expect(summary.monthly.map((month) => month.amount)).toEqual(['900.00', '904.35', '533.33']);
    // The alerts see each month at the latest dollar entry's rate (0.533333): no fall at all.
    const totals = await sourceMonthTotals(t.database.db, user.id, '2026-07-01', '2026-10-01');
    expect(totals.map((row) => [row.source, row.month, row.total])).toEqual([
      ['digital_products', '2026-07', '533.33'],
      ['coaching', '2026-08', '250.50'],
      ['digital_products', '2026-08', '533.33'],
      ['digital_products', '2026-09', '533.33'],
    ]);
    const paces = await sourceMonthToDateTotals(t.database.db, user.id, '2026-07-01', '2026-09-03');
    expect(paces.filter((row) => row.source === 'digital_products').map((row) => row.total)).toEqual([
      '533.33',
      '533.33',
      '533.33',
    ]);
  });
});
