import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';
import { as, signUpUser } from '../../../tests/support/users';

/**
 * Files whose money column has the name the service gives it ("Net Earnings", "Earnings", "Payout"),
 * and files whose columns we cannot place: the refusal names what we expected and what the file has,
 * and the creator's own matching of the columns imports them.
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => new Date('2025-12-10T12:00:00Z') } });
  await storeRatesFromEcb(t, [
    { day: '2025-09-01', rates: { USD: '1.1700', GBP: '0.8660' } },
    { day: '2025-10-01', rates: { USD: '1.1730', GBP: '0.8720' } },
    { day: '2025-11-03', rates: { USD: '1.1530', GBP: '0.8770' } },
  ]);
});

afterAll(async () => {
  await t?.close();
});

type Caller = Awaited<ReturnType<typeof as>>;
type Entry = {
  date: string;
  source: string;
  amount: string;
  description: string | null;
  paid?: { amount: string; rateDate: string };
};
type Row = { isAccepted: boolean; problems: string[]; entry: Entry | null };

const newCreator = async () => as(t, await signUpUser(t));

async function send(request: Caller, json: Record<string, unknown>) {
  const response = await request('/api/revenue/import', { method: 'POST', json });
  return { status: response.status, body: await response.json() };
}

const entries = (rows: Row[]) => rows.map((row) => row.entry);

// Patreon → Insights → Earnings → Download: a month a line, the money after fees under "Net Earnings",
// in the currency the creator is paid in, with the pound sign and thousands separators as shown.
const patreonEarnings = [
  'Month,Currency,Total Processed,Refunds,Payment Processing Fees,Patreon Platform Fee,Currency Conversion Fees,Sales Tax on Fees,Net Earnings',
  '2025-09,GBP,"£1,120.00",£0.00,-£32.48,-£89.60,£0.00,-£17.92,"£980.00"',
  '2025-10,GBP,"£1,160.00",-£10.00,-£33.35,-£92.00,£0.00,-£18.40,"£1,006.25"',
].join('\n');

describe('money columns under the names services give them', () => {
  it('reads Patreon’s earnings file with its "Net Earnings" column as memberships', async () => {
    const { status, body } = await send(await newCreator(), { csv: patreonEarnings, dryRun: true });
    expect(status).toBe(200);
    expect(body).toMatchObject({ format: 'patreon', acceptedCount: 2, refusedCount: 0 });
    expect(entries(body.rows).map((entry) => [entry!.date, entry!.source, entry!.amount])).toEqual([
      ['2025-09-01', 'memberships', '980.00'],
      ['2025-10-01', 'memberships', '1006.25'],
    ]);
  });

  it('values a Patreon file paid out in dollars in pounds, each month at its own rate', async () => {
    const csv = patreonEarnings.replaceAll('GBP', 'USD').replaceAll('£', '$');
    const { body } = await send(await newCreator(), { csv, dryRun: true });
    expect(body).toMatchObject({ acceptedCount: 2, refusedCount: 0, acceptedAmount: '1473.41' });
    // 980.00 × 0.8660 / 1.1700 and 1006.25 × 0.8720 / 1.1730.
    expect(
      entries(body.rows).map((entry) => [entry!.amount, entry!.paid?.amount, entry!.paid?.rateDate]),
    ).toEqual([
      ['725.37', '980.00', '2025-09-01'],
      ['748.04', '1006.25', '2025-10-01'],
    ]);
  });

  it('reads a creator’s own sheet whose money is under "Earnings" or "Payout"', async () => {
    const request = await newCreator();
    const earnings = await send(request, {
      csv: ['Date,Platform,Earnings', '31/10/2025,YouTube AdSense,"£1,204.33"'].join('\n'),
      dryRun: true,
    });
    expect(entries(earnings.body.rows)).toEqual([
      { date: '2025-10-31', source: 'youtube_ads', amount: '1204.33', description: null },
    ]);
    const payout = await send(request, {
      csv: ['Payout Date,Source,Payout (GBP),Notes', '2025-11-03,Patreon,412.50,November'].join('\n'),
      dryRun: true,
    });
    expect(entries(payout.body.rows)).toEqual([
      { date: '2025-11-03', source: 'memberships', amount: '412.50', description: 'November' },
    ]);
    const dollars = await send(request, {
      csv: ['Date,Source,Amount (USD)', '2025-11-03,Patreon,412.50'].join('\n'),
      dryRun: true,
    });
    // 412.50 × 0.8770 / 1.1530
    expect(entries(dollars.body.rows)).toEqual([
      {
        date: '2025-11-03',
        source: 'memberships',
        amount: '313.76',
        description: null,
        paid: {
          amount: '412.50',
          currency: 'USD',
          rate: '0.760624',
          rateDate: '2025-11-03',
          provisional: false,
        },
      },
    ]);
  });

  it('reads who paid from a sponsorship sheet’s "Brand" column, and from Ballast’s own "from"', async () => {
    const request = await newCreator();
    const sheet = await send(request, {
      csv: [
        'Date,Source,Brand,Amount,Notes',
        '2025-10-14,YouTube Sponsors,Northlight Creator Agency,"1,980.00",Keyboard integration',
        '2025-10-28,YouTube Sponsors,,450.00,Direct deal',
      ].join('\n'),
      dryRun: true,
    });
    expect(entries(sheet.body.rows)).toEqual([
      {
        date: '2025-10-14',
        source: 'youtube_sponsors',
        amount: '1980.00',
        description: 'Keyboard integration',
        payer: 'Northlight Creator Agency',
      },
      { date: '2025-10-28', source: 'youtube_sponsors', amount: '450.00', description: 'Direct deal' },
    ]);
    const own = await send(request, {
      csv: ['date,source,amount,description,from', '2025-10-14,brand_deals,120.00,,Orbit Audio'].join('\n'),
      dryRun: true,
    });
    expect(entries(own.body.rows)[0]).toMatchObject({ payer: 'Orbit Audio' });
  });
});

// YouTube's payments (AdSense) → Transactions: a date, what the line is, and the money in pounds.
const youtubePayments = [
  'Date,Description,Amount (GBP)',
  '31 Oct 2025,Earnings – YouTube for October,"1,204.33"',
  '30 Nov 2025,Earnings – YouTube for November,998.10',
].join('\n');

describe('columns the creator matches', () => {
  it('says which columns it expected and which the file has', async () => {
    const request = await newCreator();
    const { status, body } = await send(request, { csv: youtubePayments, dryRun: true });
    expect(status).toBe(400);
    expect(body.message).toMatch(/We could not tell which columns hold the source\./);
    expect(body.message).toMatch(/Your file's columns: Date, Description, Amount \(GBP\)\./);
    expect(body.fields).toEqual({
      expected: 'date, source, amount, description (optional)',
      missing: 'source',
      'column 1': 'Date',
      'column 2': 'Description',
      'column 3': 'Amount (GBP)',
    });
  });

  it('imports with the columns the creator chose, asking about the names as usual', async () => {
    const request = await newCreator();
    const columns = { date: 'Date', amount: 'Amount (GBP)', description: 'Description' };
    const first = await send(request, { csv: youtubePayments, dryRun: true, columns });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ format: 'columns', refusedCount: 2 });
    const sourceNames = Object.fromEntries(
      first.body.names.map((name: { name: string }) => [name.name, 'youtube_ads']),
    );
    const saved = await send(request, { csv: youtubePayments, columns, sourceNames });
    expect(saved.body).toMatchObject({ importedCount: 2, acceptedAmount: '2202.43' });
    const recorded = (await (await request('/api/revenue')).json()) as Entry[];
    expect(recorded.map((entry) => [entry.date, entry.source, entry.amount])).toEqual([
      ['2025-11-30', 'youtube_ads', '998.10'],
      ['2025-10-31', 'youtube_ads', '1204.33'],
    ]);
  });

  it('refuses a column the file does not have, or one column for both date and amount', async () => {
    const request = await newCreator();
    const missing = await send(request, {
      csv: youtubePayments,
      dryRun: true,
      columns: { date: 'Date', amount: 'Net', description: 'Description' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(
      'The file has no column "Net" for the amount; its columns are Date, Description, Amount (GBP).',
    );
    const same = await send(request, {
      csv: youtubePayments,
      dryRun: true,
      columns: { date: 'Date', amount: 'date', description: 'Description' },
    });
    expect(same.body.message).toBe('The date and the amount must be two different columns.');
    const nameless = await send(request, {
      csv: youtubePayments,
      dryRun: true,
      columns: { date: 'Date', amount: 'Amount (GBP)' },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toMatch(/Choose the column that says where the money came from/);
  });
});
