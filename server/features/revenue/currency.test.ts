import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type EcbServer, ecbHistoryFile, startEcbServer } from '../../../tests/support/ecb-server';
import { as, signUpUser } from '../../../tests/support/users';
import { refreshRates } from '../fx-rates/public';
import { revalueProvisionalEntries } from './valuing';

let t: TestApp;
let ecb: EcbServer;
const FILE = '/stats/eurofxref/eurofxref-hist-90d.xml';
const quiet = { info: () => {}, warn: () => {} };

const DAYS = [
  { day: '2026-10-01', rates: { USD: '1.1600', GBP: '0.8650', JPY: '170.10' } },
  // Friday 2 October; the weekend has no rates.
  { day: '2026-10-02', rates: { USD: '1.1620', GBP: '0.8660', JPY: '171.00' } },
  { day: '2026-10-05', rates: { USD: '1.1650', GBP: '0.8702', JPY: '172.45' } },
];

async function readRates(days: { day: string; rates: Record<string, string> }[] = DAYS) {
  ecb.serve(FILE, { body: ecbHistoryFile(days) });
  return refreshRates({
    db: t.database.db,
    url: ecb.urlOf(FILE),
    log: quiet,
    afterNewDays: () => revalueProvisionalEntries(t.database.db),
  });
}

beforeAll(async () => {
  [t, ecb] = await Promise.all([startTestApp(), startEcbServer()]);
  await readRates();
});

afterAll(async () => {
  await t?.close();
  await ecb?.close();
});

const newCreator = async () => as(t, await signUpUser(t));
type Entry = { id: string; amount: string; paid?: Record<string, unknown> };

describe('income paid in another currency', () => {
  it('keeps what was paid and its value in pounds at the rate of its date (the weekend takes Friday’s)', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'digital_products', amount: '1030.00', currency: 'usd', date: '2026-10-03' },
    });
    expect(response.status).toBe(201);
    const entry = (await response.json()) as Entry;
    // 1030.00 × 0.8660 / 1.1620 = 767.6247…
    expect(entry).toMatchObject({
      amount: '767.62',
      paid: {
        amount: '1030.00',
        currency: 'USD',
        rate: '0.745267',
        rateDate: '2026-10-02',
        provisional: false,
      },
    });
    const [listed] = (await (await request('/api/revenue')).json()) as Entry[];
    expect(listed).toEqual(entry);
    const history = (await (await request('/api/revenue/history')).json()) as { entries: Entry[] };
    expect(history.entries).toEqual([entry]);
    // Totals sum the pounds.
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '10.00', date: '2026-10-03' },
    });
    const summary = (await (await request('/api/revenue/summary')).json()) as { totalAmount: string };
    expect(summary.totalAmount).toBe('777.62');
  });

  it('answers pounds without a paid part, as before', async () => {
    const request = await newCreator();
    const entry = (await (
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'courses', amount: '12.50', date: '2026-10-02' },
      })
    ).json()) as Entry;
    expect(entry.amount).toBe('12.50');
    expect(entry).not.toHaveProperty('paid');
    const [listed] = (await (await request('/api/revenue')).json()) as Entry[];
    expect(listed).not.toHaveProperty('paid');
  });

  it('refuses an unknown currency with a 400 naming it, and a code that is not one', async () => {
    const request = await newCreator();
    const unknown = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '5', currency: 'XYZ', date: '2026-10-02' },
    });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(
      /^currency: XYZ is not a currency we have exchange rates for\. Use one of: GBP, EUR, JPY, USD\.$/,
    );
    const word = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '5', currency: 'dollars' },
    });
    expect(word.status).toBe(400);
    expect(JSON.stringify(await word.json())).toContain('three-letter ISO 4217 code');
  });

  it('values an edit again: a new amount, a new date, and back to pounds', async () => {
    const request = await newCreator();
    const created = (await (
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'tips', amount: '100.00', currency: 'EUR', date: '2026-10-01' },
      })
    ).json()) as Entry;
    expect(created).toMatchObject({ amount: '86.50', paid: { rate: '0.865000', rateDate: '2026-10-01' } });
    const patch = (json: unknown) => request(`/api/revenue/${created.id}`, { method: 'PATCH', json });
    expect(await (await patch({ amount: '200' })).json()).toMatchObject({
      amount: '173.00',
      paid: { amount: '200.00', currency: 'EUR' },
    });
    expect(await (await patch({ date: '2026-10-05' })).json()).toMatchObject({
      amount: '174.04',
      paid: { rateDate: '2026-10-05' },
    });
    const pounds = (await (await patch({ currency: 'GBP' })).json()) as Entry;
    expect(pounds.amount).toBe('200.00');
    expect(pounds).not.toHaveProperty('paid');
    expect((await patch({ currency: 'XYZ' })).status).toBe(400);
  });

  it('marks an entry newer than the last rates provisional and values it again when its day arrives', async () => {
    const request = await newCreator();
    const created = (await (
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'tips', amount: '100.00', currency: 'USD', date: '2026-10-06' },
      })
    ).json()) as Entry;
    // Monday's rates for now: 100 × 0.8702 / 1.1650.
    expect(created).toMatchObject({ amount: '74.70', paid: { rateDate: '2026-10-05', provisional: true } });
    expect(await readRates([{ day: '2026-10-06', rates: { USD: '1.1500', GBP: '0.8740' } }])).toEqual({
      stored: ['2026-10-06'],
    });
    const after = (await (await request(`/api/revenue/${created.id}`)).json()) as Entry;
    // 100 × 0.8740 / 1.1500 = 76.00
    expect(after).toMatchObject({ amount: '76.00', paid: { rateDate: '2026-10-06', provisional: false } });
  });

  it('exports what was paid, its currency, rate and rate date beside the pounds', async () => {
    const request = await newCreator();
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'tips', amount: '1030', currency: 'USD', date: '2026-10-02', description: 'Gumroad' },
    });
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '9.99', date: '2026-10-01' },
    });
    const csv = await (await request('/api/revenue/export')).text();
    const quoted = (cells: string) =>
      cells
        .split(',')
        .map((cell) => `"${cell}"`)
        .join(',');
    expect(csv.split('\r\n')).toEqual([
      quoted(
        'date,source,amount,description,paid amount,paid currency,rate,rate date,transaction id,gross,fee,from',
      ),
      quoted('2026-10-02,tips,767.62,Gumroad,1030.00,USD,0.745267,2026-10-02,,,,'),
      quoted('2026-10-01,courses,9.99,,9.99,GBP,,,,,,'),
      '',
    ]);
  });

  it('lists pounds first, then the currencies the creator has used, then the rest', async () => {
    const request = await newCreator();
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'tips', amount: '5', currency: 'USD', date: '2026-10-02' },
    });
    expect(await (await request('/api/revenue/currencies')).json()).toEqual({
      currencies: ['GBP', 'USD', 'EUR', 'JPY'],
      usedCount: 1,
    });
    expect((await t.request('/api/revenue/currencies')).status).toBe(401);
  });
});

describe('an imported file that does not say its currency', () => {
  // A plain "Amount" column: the first row says nothing, the others carry their own symbols.
  const csv = [
    'Date,Source,Amount,Description',
    '2026-10-01,Courses,100.00,Cohort',
    '2026-10-02,Courses,$50.00,Workshop',
    '2026-10-02,Merchandise,£20.00,Mugs',
  ].join('\n');
  type Result = {
    unstatedCurrencyCount: number;
    unstatedCurrency: string;
    rows: { entry: { amount: string; paid?: { currency: string } } | null }[];
  };
  const paidAs = (result: Result) =>
    result.rows.map((row) => [row.entry?.amount, row.entry?.paid?.currency ?? 'GBP']);

  it('is read in pounds until the creator answers, and asks once for the rows that do not say', async () => {
    const request = await newCreator();
    const response = await request('/api/revenue/import', { method: 'POST', json: { csv, dryRun: true } });
    expect(response.status).toBe(200);
    const result = (await response.json()) as Result;
    expect(result).toMatchObject({ unstatedCurrencyCount: 1, unstatedCurrency: 'GBP' });
    // $50 at 2 October's 0.8660 / 1.1620 = 0.745267: £37.26.
    expect(paidAs(result)).toEqual([
      ['100.00', 'GBP'],
      ['37.26', 'USD'],
      ['20.00', 'GBP'],
    ]);
  });

  it('values those rows in the answer’s currency at their own dates and saves them so', async () => {
    const request = await newCreator();
    const previewed = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv, dryRun: true, currency: 'usd' },
    });
    // $100 at 1 October's 0.8650 / 1.1600 = 0.745690: £74.57; the rows with symbols keep theirs.
    expect(paidAs((await previewed.json()) as Result)).toEqual([
      ['74.57', 'USD'],
      ['37.26', 'USD'],
      ['20.00', 'GBP'],
    ]);
    const imported = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv, dryRun: false, currency: 'USD' },
    });
    expect(imported.status).toBe(200);
    expect(await imported.json()).toMatchObject({ importedCount: 3, unstatedCurrency: 'USD' });
    const exported = (await (await request('/api/revenue/export')).text()).split('\r\n');
    expect(exported).toContain(
      '"2026-10-01","courses","74.57","Cohort","100.00","USD","0.745690","2026-10-01","","","",""',
    );
    expect(exported).toContain('"2026-10-02","merchandise","20.00","Mugs","20.00","GBP","","","","","",""');
  });

  it('refuses an answer no rates know with a 400 naming it, and asks nothing of a file that says', async () => {
    const request = await newCreator();
    const unknown = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv, dryRun: true, currency: 'XYZ' },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      message: 'currency: XYZ is not a currency we have exchange rates for. Use one of: GBP, EUR, JPY, USD.',
    });
    const said = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv: ['Date,Source,Amount (USD)', '2026-10-01,Courses,100.00'].join('\n'), dryRun: true },
    });
    expect(await said.json()).toMatchObject({ unstatedCurrencyCount: 0 });
  });
});
