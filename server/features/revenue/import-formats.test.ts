import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';
import { as, signUpUser } from '../../../tests/support/users';

/**
 * The exports of the places creators are paid, as those services write them (their documented
 * columns, with the lines that are not income: totals, failed and refunded payments, money given).
 */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => new Date('2025-12-10T12:00:00Z') } });
  // The ECB's rates for the days these files are dated (the weekend of 4 October has none).
  await storeRatesFromEcb(t, [
    { day: '2025-10-02', rates: { USD: '1.1650', GBP: '0.8690' } },
    { day: '2025-10-03', rates: { USD: '1.1720', GBP: '0.8710' } },
    { day: '2025-10-31', rates: { USD: '1.1550', GBP: '0.8790' } },
  ]);
});

afterAll(async () => {
  await t?.close();
});

type Row = {
  line: number;
  isAccepted: boolean;
  notIncome: string | null;
  problems: string[];
  entry: {
    date: string;
    source: string;
    amount: string;
    description: string | null;
    paid?: { amount: string; currency: string; rate: string; rateDate: string; provisional: boolean };
    fees?: { gross: string; fee: string; currency: string };
    transactionId?: string;
    payer?: string;
  } | null;
};

async function preview(csv: string) {
  const request = await as(t, await signUpUser(t));
  const response = await request('/api/revenue/import', { method: 'POST', json: { csv, dryRun: true } });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    format: string;
    acceptedCount: number;
    refusedCount: number;
    notIncomeCount: number;
    acceptedAmount: string;
    names: { name: string; source: string | null; resolution: string }[];
    rows: Row[];
  };
}

const entries = (rows: Row[]) => rows.filter((row) => row.entry).map((row) => row.entry);

describe('export formats', () => {
  it('reads YouTube Studio’s revenue export, leaving out its totals line', async () => {
    const result = await preview(
      ['Date,Your estimated revenue (GBP)', 'Total,2202.43', '2025-10-31,1204.33', '2025-11-30,998.10'].join(
        '\n',
      ),
    );
    expect(result).toMatchObject({ format: 'youtube', acceptedCount: 2, notIncomeCount: 1, refusedCount: 0 });
    expect(entries(result.rows)).toEqual([
      {
        date: '2025-10-31',
        source: 'youtube_ads',
        amount: '1204.33',
        description: 'YouTube Studio estimated revenue',
      },
      {
        date: '2025-11-30',
        source: 'youtube_ads',
        amount: '998.10',
        description: 'YouTube Studio estimated revenue',
      },
    ]);
  });

  it('reads a dollar sign in a plain Amount column as dollars, never as pounds', async () => {
    const result = await preview(
      ['Date,Source,Amount', '2025-10-31,Courses,$1530.00', '2025-10-31,Merchandise,£20'].join('\n'),
    );
    expect(result.rows.map((row) => [row.entry?.amount, row.entry?.paid?.currency ?? 'GBP'])).toEqual([
      ['1164.39', 'USD'],
      ['20.00', 'GBP'],
    ]);
  });

  it('values a YouTube export in dollars at the rate of each row’s date', async () => {
    const result = await preview(['Date,Estimated revenue (USD)', '2025-10-31,1530.00'].join('\n'));
    // 1530.00 × 0.8790 / 1.1550 = 1164.3896…
    expect(result.rows[0]!.entry).toMatchObject({
      amount: '1164.39',
      paid: {
        amount: '1530.00',
        currency: 'USD',
        rate: '0.761039',
        rateDate: '2025-10-31',
        provisional: false,
      },
    });
  });

  it('reads a currency column: Ko-fi rows in dollars and euros each valued in pounds, an unknown one refused', async () => {
    const result = await preview(
      [
        'DateTime (UTC),From,Message,Item,Received,Given,Currency,TransactionType,TransactionId,Reference',
        '2025-10-31 10:00:00,Jo,,,5.00,,USD,Donation,k-1,',
        '2025-10-31 11:00:00,Priya,,,3.00,,EUR,Donation,k-2,',
        '2025-10-31 12:00:00,Ana,,,4.00,,GBP,Donation,k-3,',
        '2025-10-31 13:00:00,Zed,,,4.00,,XYZ,Donation,k-4,',
      ].join('\n'),
    );
    expect(result).toMatchObject({
      format: 'kofi',
      acceptedCount: 3,
      refusedCount: 1,
      acceptedAmount: '10.45',
    });
    expect(result.rows.map((row) => [row.entry?.amount, row.entry?.paid?.currency])).toEqual([
      ['3.81', 'USD'],
      ['2.64', 'EUR'],
      ['4.00', undefined],
      [undefined, undefined],
    ]);
    expect(result.rows[3]!.problems).toEqual([
      expect.stringMatching(/^amount: XYZ is not a currency we have exchange rates for/),
    ]);
  });

  it('reads Patreon’s earnings export: each month’s share after fees, as a membership', async () => {
    const result = await preview(
      [
        'Month,Processed pledges,Processing fees,Patreon fee,Your share',
        '2025-09,480.00,-21.40,-38.40,420.20',
        '2025-10,512.50,-22.85,-41.00,448.65',
      ].join('\n'),
    );
    expect(result.format).toBe('patreon');
    // "Your share" is what reached the creator; the pledges and the fees are kept beside it.
    expect(entries(result.rows)).toEqual([
      {
        date: '2025-09-01',
        source: 'memberships',
        amount: '420.20',
        description: 'Patreon earnings',
        fees: { gross: '480.00', fee: '59.80', currency: 'GBP' },
      },
      {
        date: '2025-10-01',
        source: 'memberships',
        amount: '448.65',
        description: 'Patreon earnings',
        fees: { gross: '512.50', fee: '63.85', currency: 'GBP' },
      },
    ]);
  });

  it('reads Stripe’s payments export in pounds, net of refunds and fees, leaving out failed and refunded payments', async () => {
    const header =
      'id,Description,Seller Message,Created date (UTC),Amount,Amount Refunded,Currency,Captured,Converted Amount,Converted Amount Refunded,Converted Currency,Decline Reason,Fee,Mode,Status,Statement Descriptor,Customer ID,Customer Description,Customer Email';
    const result = await preview(
      [
        header,
        'ch_3Q1a,Sourdough Masterclass,Payment complete.,2025-11-03 09:14:22,97.00,0.00,gbp,true,97.00,0.00,gbp,,3.03,Live,Paid,MAYA BAKES,cus_R1,,a@example.com',
        'ch_3Q1b,Sourdough Masterclass,Payment complete.,2025-11-04 18:40:01,129.00,0.00,usd,true,101.87,0.00,gbp,,3.41,Live,Paid,MAYA BAKES,cus_R2,,b@example.com',
        'ch_3Q1c,Sourdough Masterclass,Your card was declined.,2025-11-05 11:02:45,97.00,0.00,gbp,false,97.00,0.00,gbp,card_declined,0.00,Live,Failed,MAYA BAKES,cus_R3,,c@example.com',
        'ch_3Q1d,1:1 bread clinic,Payment complete.,2025-11-06 08:00:00,60.00,60.00,gbp,true,60.00,60.00,gbp,,2.10,Live,Refunded,MAYA BAKES,cus_R4,,d@example.com',
        'ch_3Q1e,1:1 bread clinic,Payment complete.,2025-11-07 08:00:00,60.00,20.00,gbp,true,60.00,20.00,gbp,,2.10,Live,Paid,MAYA BAKES,cus_R5,Hollow Oak Bakery,e@example.com',
      ].join('\n'),
    );
    expect(result).toMatchObject({ format: 'stripe', acceptedCount: 3, notIncomeCount: 2 });
    expect(result.rows.map((row) => row.notIncome)).toEqual([
      null,
      null,
      'Stripe says this payment failed: no money moved.',
      'Refunded in full.',
      null,
    ]);
    // What reached the creator: the amount kept (after refunds) less Stripe's fee, in pounds.
    expect(
      entries(result.rows).map((entry) => [
        entry!.date,
        entry!.source,
        entry!.amount,
        entry!.fees,
        entry!.transactionId,
        entry!.payer,
      ]),
    ).toEqual([
      // Who paid is Stripe's customer: their description, else their email.
      [
        '2025-11-03',
        'courses',
        '93.97',
        { gross: '97.00', fee: '3.03', currency: 'GBP' },
        'stripe:ch_3Q1a',
        'a@example.com',
      ],
      [
        '2025-11-04',
        'courses',
        '98.46',
        { gross: '101.87', fee: '3.41', currency: 'GBP' },
        'stripe:ch_3Q1b',
        'b@example.com',
      ],
      [
        '2025-11-07',
        'coaching',
        '37.90',
        { gross: '40.00', fee: '2.10', currency: 'GBP' },
        'stripe:ch_3Q1e',
        'Hollow Oak Bakery',
      ],
    ]);
  });

  it('reads Gumroad’s sales export as Gumroad writes it: dollars valued in pounds, refunds and the totals line left out', async () => {
    // Gumroad's sales export: money in dollars whatever the product's price, refund flags as 1/0, and a
    // last line of totals with no date.
    const header =
      'Purchase ID,Item Name,Buyer Name,Purchase Email,Buyer Email,Do not contact?,Purchase Date,Purchase Time (UTC timezone),Subtotal ($),Taxes ($),Shipping ($),Sale Price ($),Fees ($),Net Total ($),Tip ($),Tax Included in Price?,Refunded?,Partial Refund ($),Fully Refunded?,Disputed?,Dispute Won?,Variants,Discount Code,Recurring Charge?,Free trial purchase?,Pre-Order Authorization?,Product ID,Order Number,Pre-order authorization time (UTC timezone),Custom Fields,Item Price ($),Variants Price ($),Giftee Email,SKU ID,Quantity,Recurring Charge Date,Sale Country,Sale State,Gumroad Fee ($),Payment Type';
    const sale = (id: string, item: string, date: string, price: string, refunded: string, partial: string) =>
      `${id},${item},Sam,s@example.com,s@example.com,0,${date},14:03,${price},0.00,0.00,${price},1.50,${price},0.00,0,${refunded},${partial},${refunded},0,0,,,0,0,0,prd_1,1001,,,${price},0.00,,,1,,United Kingdom,,0.90,card`;
    const result = await preview(
      [
        header,
        sale('aB3x==', 'Weeknight Dinners eBook', '2025-10-02', '15.00', '0', ''),
        sale('cD4y==', 'Weeknight Dinners eBook', '2025-10-03', '15.00', '1', ''),
        sale('eF5z==', 'Spice Rack Planner', '2025-10-04', '8.00', '0', '2.00'),
        'Totals,,,,,,,,38.00,0.00,0.00,38.00,4.50,36.00,0.00,,,,,,,,,,,,,,,,,,,,,,,,2.70,',
      ].join('\n'),
    );
    // The unplaced product name alone keeps its row back.
    expect(result).toMatchObject({ format: 'gumroad', acceptedCount: 1, refusedCount: 1, notIncomeCount: 2 });
    expect(result.rows.map((row) => row.notIncome)).toEqual([
      null,
      'Refunded.',
      null,
      'The export’s totals line.',
    ]);
    // 15.00 × 0.8690 / 1.1650 = 11.1888…
    expect(result.rows[0]!.entry).toMatchObject({
      amount: '11.19',
      paid: { amount: '15.00', currency: 'USD', rate: '0.745923', rateDate: '2025-10-02' },
    });
    expect(result.rows[2]!.problems).toEqual([expect.stringMatching(/^source: "Spice Rack Planner" is new/)]);
    // Product names it cannot place are still asked about once.
    expect(result.names.map((name) => [name.name, name.source])).toEqual([
      ['Weeknight Dinners eBook', 'digital_products'],
      ['Spice Rack Planner', null],
    ]);
  });

  it('reads Ko-fi’s transactions export: donations as tips, subscriptions as memberships, money given left out', async () => {
    const result = await preview(
      [
        'DateTime (UTC),From,Message,Item,Received,Given,Currency,TransactionType,TransactionId,Reference',
        '2025-11-01 10:00:00,Jo,Loved the focaccia!,,5.00,,GBP,Donation,k-1,',
        '2025-11-01 11:00:00,Priya,,Supporter tier,3.00,,GBP,Subscription,k-2,',
        '2025-11-02 09:30:00,Maya (you),,,,4.00,GBP,Donation,k-3,',
        '2025-11-03 16:20:00,Lee,,Printable recipe cards,8.00,,GBP,Shop Order,k-4,',
      ].join('\n'),
    );
    expect(result).toMatchObject({
      format: 'kofi',
      acceptedCount: 3,
      notIncomeCount: 1,
      acceptedAmount: '16.00',
    });
    expect(entries(result.rows).map((entry) => entry!.source)).toEqual([
      'tips',
      'memberships',
      'digital_products',
    ]);
  });
});
