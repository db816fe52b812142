import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import {
  ECB_DAILY_FILE,
  type EcbServer,
  ecbHistoryFile,
  startEcbServer,
} from '../../../tests/support/ecb-server';
import { latestRateDay } from './rates-store';
import { type FxRatesDeps, refreshRates } from './refresh';
import { acceptedCurrencies, valueInPounds } from './value';

let t: TestApp;
let ecb: EcbServer;
const warnings: string[] = [];
const log = { info: () => {}, warn: (_: unknown, message: string) => warnings.push(message) } as never;

const DAILY = '/stats/eurofxref/eurofxref-daily.xml';
const HISTORY = '/stats/eurofxref/eurofxref-hist-90d.xml';

beforeAll(async () => {
  [t, ecb] = await Promise.all([startTestApp({ metrics: true }), startEcbServer()]);
});

afterAll(async () => {
  await t?.close();
  await ecb?.close();
});

const deps = (file: string): FxRatesDeps => ({
  db: t.database.db,
  url: ecb.urlOf(file),
  log,
  metrics: t.metrics,
});
const dollars = (date: string) => ({ amount: '100.00', currency: 'USD', date });

async function fetchCount(outcome: string): Promise<number> {
  const metric = await t.metrics!.registry.getSingleMetric('ballast_fx_rate_fetches_total')!.get();
  return metric.values.find((value) => value.labels.outcome === outcome)?.value ?? 0;
}

// Tests run in order: each builds on the rates the one before stored.
describe('the daily read of the ECB reference rates', () => {
  it('stores every day of a history file once; reading it again adds nothing', async () => {
    ecb.serve(HISTORY, {
      body: ecbHistoryFile([
        { day: '2026-10-01', rates: { USD: '1.1600', GBP: '0.8650', JPY: '170.10' } },
        { day: '2026-10-02', rates: { USD: '1.1620', GBP: '0.8660', JPY: '171.00' } },
      ]),
    });
    expect(await refreshRates(deps(HISTORY))).toEqual({ stored: ['2026-10-01', '2026-10-02'] });
    expect(await refreshRates(deps(HISTORY))).toEqual({ stored: [] });
    expect(await fetchCount('stored')).toBe(1);
    expect(await fetchCount('unchanged')).toBe(1);
    expect(await acceptedCurrencies(t.database.db)).toEqual(['GBP', 'EUR', 'JPY', 'USD']);
  });

  it('values an entry newer than the last rates at those, provisionally, and for good once its day is past', async () => {
    // Saturday 3 October: Friday's rates are the last, and Monday's are not yet published.
    const [before] = await valueInPounds(t.database.db, [dollars('2026-10-03')]);
    // 100 × 0.8660 / 1.1620 = 74.5266…
    expect(before).toEqual({
      pounds: '74.53',
      paid: {
        amount: '100.00',
        currency: 'USD',
        rate: '0.745267',
        rateDate: '2026-10-02',
        provisional: true,
      },
    });
    ecb.serve(DAILY, { body: ECB_DAILY_FILE });
    expect(await refreshRates(deps(DAILY))).toEqual({ stored: ['2026-10-05'] });
    // The weekend has no rates of its own: Friday's stay, no longer provisional.
    const [after] = await valueInPounds(t.database.db, [dollars('2026-10-03')]);
    expect(after).toMatchObject({ pounds: '74.53', paid: { rateDate: '2026-10-02', provisional: false } });
    // Pounds, the euro and the 29 other currencies of the published daily file.
    expect(await acceptedCurrencies(t.database.db)).toHaveLength(31);
  });

  it('values a day the ECB did not publish (a holiday) at the last rates before it', async () => {
    ecb.serve(HISTORY, {
      body: ecbHistoryFile([{ day: '2026-10-07', rates: { USD: '1.1700', GBP: '0.8800' } }]),
    });
    expect(await refreshRates(deps(HISTORY))).toEqual({ stored: ['2026-10-07'] });
    const [holiday, euros] = await valueInPounds(t.database.db, [
      dollars('2026-10-06'),
      { amount: '100.00', currency: 'EUR', date: '2026-10-06' },
    ]);
    // Monday's file: 100 × 0.8702 / 1.1650 = 74.6953…; euros at the pound's rate alone.
    expect(holiday).toMatchObject({ pounds: '74.70', paid: { rateDate: '2026-10-05', provisional: false } });
    expect(euros).toMatchObject({ pounds: '87.02', paid: { rate: '0.870200', rateDate: '2026-10-05' } });
  });

  it('values a date before the first stored day at the first rates after it, provisionally', async () => {
    const [early] = await valueInPounds(t.database.db, [dollars('2026-09-15')]);
    expect(early).toMatchObject({ paid: { rateDate: '2026-10-01', provisional: true } });
  });

  it('names a currency it has no rates for', async () => {
    const [unknown] = await valueInPounds(t.database.db, [
      { amount: '5.00', currency: 'XYZ', date: '2026-10-05' },
    ]);
    expect(unknown).toEqual({
      problem: expect.stringMatching(
        /^XYZ is not a currency we have exchange rates for\. Use one of: GBP, EUR, AUD/,
      ),
    });
  });

  it.each([
    ['an HTML page instead of the file', { body: '<html><body>Maintenance</body></html>' }, 'refused'],
    ['a file cut off half-way', { body: ECB_DAILY_FILE.slice(0, 600) }, 'refused'],
    ['an empty answer', { body: '' }, 'refused'],
    ['a server error', { status: 503, body: 'Service Unavailable' }, 'unreachable'],
  ])('keeps the last good rates after %s, logs it and counts it', async (_, answer, outcome) => {
    const counted = await fetchCount(outcome);
    warnings.length = 0;
    ecb.serve(DAILY, answer);
    const result = await refreshRates(deps(DAILY));
    expect(result).toEqual({ problem: expect.any(String) });
    expect(warnings).toEqual([
      expect.stringMatching(/^Exchange rates not updated: .*keeping the last rates$/),
    ]);
    expect(await fetchCount(outcome)).toBe(counted + 1);
    expect(await latestRateDay(t.database.db)).toBe('2026-10-07');
    const [still] = await valueInPounds(t.database.db, [dollars('2026-10-06')]);
    expect(still).toMatchObject({ pounds: '74.70' });
  });
});
