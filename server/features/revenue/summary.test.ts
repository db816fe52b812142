import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

let t: TestApp;
/** The app's clock; each test sets the instant it needs. */
let clock = new Date('2025-06-15T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: () => clock } });
});

afterAll(async () => {
  await t?.close();
});

async function creatorWith(entries: { source: string; amount: string; date: string }[]) {
  const request = as(t, await signUpUser(t));
  // Entered afterwards: revenue cannot be dated in the future.
  clock = new Date('2026-01-01T12:00:00Z');
  for (const entry of entries) {
    const response = await request('/api/revenue', { method: 'POST', json: entry });
    expect(response.status).toBe(201);
  }
  return request;
}

async function summaryAt(request: Awaited<ReturnType<typeof creatorWith>>, instant: string) {
  clock = new Date(instant);
  const response = await request('/api/revenue/summary');
  expect(response.status).toBe(200);
  return response.json();
}

describe('revenue summary', () => {
  it('is all zeros with no entries', async () => {
    const request = await creatorWith([]);
    expect(await summaryAt(request, '2025-06-15T12:00:00Z')).toEqual({
      totalAmount: '0.00',
      thisMonthAmount: '0.00',
      currentMonth: '2025-06',
      streamCount: 0,
      averagePerStream: '0.00',
      entryCount: 0,
      monthly: [],
      bySource: [],
      monthlyIncome: {
        amount: '0.00',
        firstMonth: null,
        lastMonth: null,
        months: 0,
        currentMonth: '2025-06',
        soFar: '0.00',
        pending: [],
      },
    });
  });

  it('adds exactly: 0.1 + 0.2 is 0.30', async () => {
    const request = await creatorWith([
      { source: 'courses', amount: '0.1', date: '2025-06-01' },
      { source: 'coaching', amount: '0.2', date: '2025-06-02' },
    ]);
    const summary = await summaryAt(request, '2025-06-15T12:00:00Z');
    expect(summary).toMatchObject({
      totalAmount: '0.30',
      thisMonthAmount: '0.30',
      streamCount: 2,
      averagePerStream: '0.15',
      entryCount: 2,
    });
  });

  it('counts distinct sources as streams and averages the total over them', async () => {
    const request = await creatorWith([
      { source: 'youtube_ads', amount: '100', date: '2025-05-01' },
      { source: 'youtube_ads', amount: '50', date: '2025-06-01' },
      { source: 'speaking', amount: '300', date: '2024-12-31' },
      { source: 'merchandise', amount: '0.01', date: '2025-01-01' },
    ]);
    const summary = await summaryAt(request, '2025-06-15T12:00:00Z');
    expect(summary).toMatchObject({
      totalAmount: '450.01',
      thisMonthAmount: '50.00',
      streamCount: 3,
      averagePerStream: '150.00',
      // Months without revenue between the first and the last are there, at £0.
      monthly: [
        { month: '2024-12', amount: '300.00' },
        { month: '2025-01', amount: '0.01' },
        { month: '2025-02', amount: '0.00' },
        { month: '2025-03', amount: '0.00' },
        { month: '2025-04', amount: '0.00' },
        { month: '2025-05', amount: '100.00' },
        { month: '2025-06', amount: '50.00' },
      ],
      bySource: [
        { source: 'speaking', amount: '300.00' },
        { source: 'youtube_ads', amount: '150.00' },
        { source: 'merchandise', amount: '0.01' },
      ],
    });
  });

  it('takes this month from the London calendar in summer time (BST)', async () => {
    const request = await creatorWith([
      { source: 'courses', amount: '10', date: '2025-03-31' },
      { source: 'courses', amount: '5', date: '2025-04-01' },
    ]);
    // 22:30 UTC on 31 March is 23:30 in London: still March.
    expect(await summaryAt(request, '2025-03-31T22:30:00Z')).toMatchObject({
      currentMonth: '2025-03',
      thisMonthAmount: '10.00',
    });
    // 23:30 UTC on 31 March is already 00:30 on 1 April in London.
    expect(await summaryAt(request, '2025-03-31T23:30:00Z')).toMatchObject({
      currentMonth: '2025-04',
      thisMonthAmount: '5.00',
    });
  });

  it('takes this month from the London calendar after the clocks go back (GMT)', async () => {
    const request = await creatorWith([
      { source: 'courses', amount: '7', date: '2025-10-31' },
      { source: 'courses', amount: '3', date: '2025-11-01' },
    ]);
    // On GMT again, 23:30 UTC on 31 October is still October in London.
    expect(await summaryAt(request, '2025-10-31T23:30:00Z')).toMatchObject({
      currentMonth: '2025-10',
      thisMonthAmount: '7.00',
    });
    expect(await summaryAt(request, '2025-11-01T00:00:00Z')).toMatchObject({
      currentMonth: '2025-11',
      thisMonthAmount: '3.00',
    });
  });

  it('dates an entry without a date today in London', async () => {
    const request = await creatorWith([]);
    clock = new Date('2025-04-30T23:15:00Z');
    const response = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'other', amount: '1' },
    });
    expect((await response.json()).date).toBe('2025-05-01');
  });

  it('keeps exact totals at the largest amounts', async () => {
    const request = await creatorWith([
      { source: 'speaking', amount: '10000000.00', date: '2025-06-01' },
      { source: 'speaking', amount: '9999999.99', date: '2025-06-02' },
      { source: 'coaching', amount: '0.01', date: '2025-06-03' },
    ]);
    expect(await summaryAt(request, '2025-06-15T12:00:00Z')).toMatchObject({
      totalAmount: '20000000.00',
      averagePerStream: '10000000.00',
    });
  });
});
