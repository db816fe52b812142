import { describe, expect, it } from 'vitest';
import { gumroadSales } from '../../../tests/fixtures/exports/gumroad-sales';
import {
  amazonEarningsReport,
  kofiTransactions,
  stripePayments,
  tiktokStudio,
  youtubeStudio,
} from '../../../tests/fixtures/exports/reviewer-year';
import { as, signUpUser } from '../../../tests/support/users';
import { setUpReviewerApp, t } from './test-support';

/**
 * A UK tech reviewer's 14 months of income, in the files his services gave him on 1 December 2026
 * (tests/fixtures/exports/reviewer-year.ts: their columns, title lines, decimals, ids, returns, fees).
 */

setUpReviewerApp();

type Row = {
  line: number;
  isAccepted: boolean;
  isRepeatInFile: boolean;
  notIncome: string | null;
  roundedFrom: string | null;
  problems: string[];
  entry: {
    date: string;
    amount: string;
    transactionId?: string;
    fees?: { gross: string; fee: string; currency: string };
    paid?: { amount: string; currency: string };
  } | null;
};
type Result = {
  format: string;
  acceptedCount: number;
  refusedCount: number;
  notIncomeCount: number;
  repeatCount: number;
  skippedCount: number;
  importedCount: number;
  acceptedAmount: string;
  rounding: { currency: string; rowCount: number; fileTotal: string; roundedTotal: string }[];
  preamble: string[];
  rows: Row[];
};

async function importAs(request: Awaited<ReturnType<typeof as>>, csv: string, dryRun: boolean) {
  const response = await request('/api/revenue/import', { method: 'POST', json: { csv, dryRun } });
  return { status: response.status, body: (await response.json()) as Result };
}

const creator = async () => as(t, await signUpUser(t));

describe('the files import as the services write them', () => {
  it('YouTube Studio: 426 days of revenue to three decimals are rounded once each, half up, and said so', async () => {
    const request = await creator();
    const file = youtubeStudio();
    const preview = await importAs(request, file.csv, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'youtube',
      acceptedCount: 426 - file.zeroDays,
      refusedCount: 0,
      // The totals line and the days that earned nothing.
      notIncomeCount: file.zeroDays + 1,
    });
    expect(preview.body.rows[1]).toMatchObject({ roundedFrom: '3.037', entry: { amount: '3.04' } });
    // Worked out apart from the code, with Python's decimal rounding half up per day over 417 paying days.
    expect(preview.body.rounding).toEqual([
      { currency: 'GBP', rowCount: 417, fileTotal: '1460.590', roundedTotal: '1460.80' },
    ]);
    expect(preview.body.acceptedAmount).toBe('1460.80');

    const saved = await importAs(request, file.csv, false);
    expect(saved.body).toMatchObject({ importedCount: 426 - file.zeroDays });
    const again = await importAs(request, file.csv, false);
    expect(again.body).toMatchObject({ importedCount: 0, skippedCount: 426 - file.zeroDays });
  });

  it('Gumroad: 19 sales of one pack on one day are 19 sales, counted at what reached the seller', async () => {
    const request = await creator();
    const preview = await importAs(request, gumroadSales(), true);
    expect(preview.body).toMatchObject({
      format: 'gumroad',
      acceptedCount: 20,
      repeatCount: 0,
      refusedCount: 0,
      // The refunded sale and the totals line.
      notIncomeCount: 2,
    });
    const sales = preview.body.rows.filter((row) => row.entry?.paid?.amount === '11.98');
    expect(sales).toHaveLength(19);
    expect(new Set(sales.map((row) => row.entry!.transactionId)).size).toBe(19);
    // $11.98 after $1.89 in fees (10% + $0.50): 11.98 × 0.8650 / 1.1650 = 8.8950… → £8.90.
    expect(sales[0]!.entry).toMatchObject({
      amount: '8.90',
      transactionId: 'gumroad:Xq1Ab0==',
      fees: { gross: '13.87', fee: '1.89', currency: 'USD' },
      paid: { amount: '11.98', currency: 'USD' },
    });
    const saved = await importAs(request, gumroadSales(), false);
    expect(saved.body).toMatchObject({ importedCount: 20 });
    const again = await importAs(request, gumroadSales(), false);
    expect(again.body).toMatchObject({ importedCount: 0, skippedCount: 20 });
    const [entry] = (await (await request('/api/revenue?limit=1')).json()) as { fees?: unknown }[];
    expect(entry!.fees).toEqual({ gross: '13.87', fee: '1.89', currency: 'USD' });
  });

  it('Amazon Associates: the title line and the returned items are left out and counted, same lines kept', async () => {
    const request = await creator();
    const report = amazonEarningsReport();
    const preview = await importAs(request, report.csv, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      format: 'amazon',
      acceptedCount: report.paidLines,
      repeatCount: 0,
      refusedCount: 0,
      // 33 returned items at $0.00, one fee taken back, and the totals line.
      notIncomeCount: 35,
      preamble: ['Fee-Earnings reports from 2025-09-01 to 2026-10-31'],
    });
    // Only the paid lines carry the name: nothing is asked about for lines that paid nothing.
    expect((preview.body as Result & { names: { rowCount: number }[] }).names).toMatchObject([
      { name: 'Amazon Associates', rowCount: report.paidLines, source: 'affiliate_marketing' },
    ]);
    const reasons = preview.body.rows.filter((row) => row.notIncome).map((row) => row.notIncome);
    expect(reasons.filter((reason) => reason!.startsWith('Nothing was paid'))).toHaveLength(33);
    expect(reasons).toContain('Money taken back (a return or refund), not income.');
    const saved = await importAs(request, report.csv, false);
    expect(saved.body.importedCount).toBe(report.paidLines);
    expect((await importAs(request, report.csv, false)).body).toMatchObject({ importedCount: 0 });
  });

  it('Stripe and Ko-fi: two payments with one amount, day and description but their own ids are two', async () => {
    const request = await creator();
    for (const [csv, format] of [
      [stripePayments(), 'stripe'],
      [kofiTransactions(), 'kofi'],
    ] as const) {
      const preview = await importAs(request, csv, true);
      expect(preview.body).toMatchObject({ format, acceptedCount: 2, repeatCount: 0 });
      expect((await importAs(request, csv, false)).body).toMatchObject({ importedCount: 2 });
      expect((await importAs(request, csv, false)).body).toMatchObject({ importedCount: 0, skippedCount: 2 });
    }
  });

  it('keeps the ids and fees in Ballast’s own download, so importing the download again adds nothing', async () => {
    const request = await creator();
    expect((await importAs(request, gumroadSales(), false)).body.importedCount).toBe(20);
    const download = await (await request('/api/revenue/export')).text();
    expect(download.split('\r\n')[0]).toMatch(/"transaction id","gross","fee","from"$/);
    expect(download).toContain('"gumroad:Xq1Ab0==","13.87","1.89"');
    expect((await importAs(request, download, true)).body).toMatchObject({
      format: 'ballast',
      repeatCount: 0,
      skippedCount: 20,
    });
  });

  it('matches a payment imported before ids were kept by its date, source, amount and description', async () => {
    const request = await creator();
    const earlier = await importAs(request, 'Date,Source,Amount\n2026-05-02,Ko-fi tips,5.00', false);
    expect(earlier.body.importedCount).toBe(1);
    expect((await importAs(request, kofiTransactions(), false)).body).toMatchObject({
      importedCount: 1,
      skippedCount: 1,
    });
  });

  it('TikTok Studio: the days with estimated rewards go in, the days without are left out', async () => {
    const request = await creator();
    const preview = await importAs(request, tiktokStudio(), true);
    expect(preview.body).toMatchObject({
      format: 'tiktok',
      acceptedCount: 3,
      notIncomeCount: 4,
      refusedCount: 0,
    });
    expect(preview.body.rows.find((row) => row.entry)!.entry).toMatchObject({
      paid: { amount: '1.24', currency: 'USD' },
    });
  });

  it('one bad row is shown and the rest go in', async () => {
    const request = await creator();
    const csv = gumroadSales().replace('2026-11-20,2026-11-20 14:03', '2026-02-30,2026-02-30 14:03');
    const preview = await importAs(request, csv, true);
    expect(preview.body).toMatchObject({ acceptedCount: 19, refusedCount: 1 });
    const saved = await importAs(request, csv, false);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ importedCount: 19, refusedCount: 1 });
  });

  it('reads UK dates with two-digit years', async () => {
    const request = await creator();
    const csv = 'Date,Source,Amount\n05/11/26,Patreon,£120.00\n28/02/26,Patreon,£118.40';
    const preview = await importAs(request, csv, true);
    expect(preview.body.rows.map((row) => row.entry?.date)).toEqual(['2026-11-05', '2026-02-28']);
  });
});

describe('a dollar entry', () => {
  it('is told about dollars and cents, not pounds and pence', async () => {
    const request = await creator();
    const post = (amount: string) =>
      request('/api/revenue', {
        method: 'POST',
        json: { source: 'affiliate_marketing', amount, currency: 'USD', date: '2026-11-02' },
      });
    const zero = await post('0');
    expect(zero.status).toBe(400);
    expect(((await zero.json()) as { fields: unknown }).fields).toEqual({
      amount: 'The amount must be more than $0.',
    });
    const fraction = await post('12.345');
    expect(((await fraction.json()) as { fields: unknown }).fields).toEqual({
      amount: 'Use at most two decimal places (whole cents).',
    });
    expect((await post('12.35')).status).toBe(201);
  });
});
