import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type EcbServer, ecbHistoryFile, startEcbServer } from '../../../tests/support/ecb-server';
import { as, signUpUser } from '../../../tests/support/users';
import { latestRateDay } from './rates-store';
import { refreshRates } from './refresh';
import { readRatesSnapshot, SNAPSHOT_DAYS } from './snapshot';

/**
 * A new install starts from the ECB's history shipped with the app (its last day: 13 April 2026), with
 * no ECB within reach; the daily read then fills the gap since that day.
 */

let t: TestApp;
let ecb: EcbServer;
const log = { info: () => {}, warn: () => {} };

const FOLDER = '/stats/eurofxref';

beforeAll(async () => {
  ecb = await startEcbServer();
  // Nothing answers at the rates address: the install is offline.
  t = await startTestApp({
    fxRates: true,
    env: { FX_RATES_URL: `${ecb.url}/offline${FOLDER}/eurofxref-daily.xml` },
    deps: { now: () => new Date('2026-12-01T12:00:00Z') },
  });
});

afterAll(async () => {
  await t?.close();
  await ecb?.close();
});

describe('exchange rates shipped with the app', () => {
  it('holds every ECB day from 4 January 1999 to 13 April 2026', async () => {
    const days = await readRatesSnapshot();
    expect(days).toHaveLength(6983);
    expect([days[0]!.day, days.at(-1)!.day]).toEqual(['1999-01-04', '2026-04-13']);
    // What a start looks up instead of reading the file.
    expect(SNAPSHOT_DAYS).toEqual({ first: days[0]!.day, last: days.at(-1)!.day });
    expect(days.at(-1)!.rates.get('GBP')).toBe('0.87058');
    expect(await latestRateDay(t.database.db)).toBe('2026-04-13');
  });

  it('values a 2019 dollar entry on a fresh install at once, at its own day’s rates', async () => {
    const request = await as(t, await signUpUser(t));
    const response = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'affiliate_marketing', amount: '100.00', currency: 'USD', date: '2019-06-14' },
    });
    expect(response.status).toBe(201);
    // The ECB on 14 June 2019: USD 1.1265, GBP 0.89093; 100 × 0.89093 / 1.1265 = 79.0883…
    expect(await response.json()).toMatchObject({
      amount: '79.09',
      paid: {
        amount: '100.00',
        currency: 'USD',
        rate: '0.790883',
        rateDate: '2019-06-14',
        provisional: false,
      },
    });
  });

  it('fills a gap longer than 90 days from the full history once, then reads the daily file alone', async () => {
    const day = (date: string, usd: string) => ({ day: date, rates: { USD: usd, GBP: '0.8700' } });
    ecb.serve(`${FOLDER}/eurofxref-daily.xml`, { body: ecbHistoryFile([day('2026-11-30', '1.1600')]) });
    ecb.serve(`${FOLDER}/eurofxref-hist-90d.xml`, {
      body: ecbHistoryFile([day('2026-09-02', '1.1500'), day('2026-11-30', '1.1600')]),
    });
    ecb.serve(`${FOLDER}/eurofxref-hist.xml`, {
      body: ecbHistoryFile([
        day('2026-04-10', '1.1711'),
        day('2026-04-13', '1.1684'),
        day('2026-04-14', '1.1690'),
        day('2026-09-02', '1.1500'),
        day('2026-11-30', '1.1600'),
      ]),
    });
    const url = `${ecb.url}${FOLDER}/eurofxref-daily.xml`;
    const before = ecb.requests.length;
    expect(await refreshRates({ db: t.database.db, url, log })).toEqual({
      stored: ['2026-04-14', '2026-09-02', '2026-11-30'],
    });
    expect(ecb.requests.slice(before).map((read) => read.url)).toEqual([
      `${FOLDER}/eurofxref-daily.xml`,
      `${FOLDER}/eurofxref-hist-90d.xml`,
      `${FOLDER}/eurofxref-hist.xml`,
    ]);
    ecb.serve(`${FOLDER}/eurofxref-daily.xml`, { body: ecbHistoryFile([day('2026-12-01', '1.1620')]) });
    const next = ecb.requests.length;
    expect(await refreshRates({ db: t.database.db, url, log })).toEqual({ stored: ['2026-12-01'] });
    expect(ecb.requests.slice(next).map((read) => read.url)).toEqual([`${FOLDER}/eurofxref-daily.xml`]);
  });
});
