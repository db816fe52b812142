import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

/** The full history: pages newest first, filters by source and month, totals, and the CSV of it. */

let t: TestApp;
let request: Awaited<ReturnType<typeof as>>;

type Entry = { id: string; source: string; amount: string; date: string; description: string | null };
type History = { entries: Entry[]; page: number; pageSize: number; totalCount: number; totalAmount: string };

// A year of a creator's income: 12 months of AdSense, a Patreon month each month, and three brand deals.
const year = [
  'date,source,amount,description',
  ...Array.from({ length: 12 }, (_, i) => {
    const month = String(i + 1).padStart(2, '0');
    return [
      `2025-${month}-28,youtube_ads,${(900 + i * 10).toFixed(2)},AdSense ${month}`,
      `2025-${month}-01,memberships,412.50,Patreon ${month}`,
      `2025-${month}-15,tips,${(20 + i).toFixed(2)},Ko-fi ${month}`,
      `2025-${month}-20,affiliate_marketing,35.10,Amazon ${month}`,
      `2025-${month}-10,courses,97.00,Sourdough ${month}`,
    ].join('\n');
  }),
  '2025-03-14,youtube_sponsors,1800.00,"Oatly integration, 60s"',
  '2025-06-02,instagram_sponsors,650.00,Le Creuset reel',
  '2025-09-09,youtube_sponsors,1200.00,=HYPERLINK("x")',
].join('\n');

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => new Date('2025-12-31T12:00:00Z') } });
  request = await as(t, await signUpUser(t));
  const imported = await request('/api/revenue/import', { method: 'POST', json: { csv: year } });
  expect(await imported.json()).toMatchObject({ importedCount: 63 });
});

afterAll(async () => {
  await t?.close();
});

async function history(query: string): Promise<History> {
  const response = await request(`/api/revenue/history${query}`);
  expect(response.status).toBe(200);
  return response.json();
}

describe('GET /api/revenue/history', () => {
  it('pages every entry, newest first, with the totals of all of them', async () => {
    const first = await history('');
    expect(first).toMatchObject({ page: 1, pageSize: 25, totalCount: 63 });
    expect(first.entries).toHaveLength(25);
    expect(first.entries.slice(0, 3).map((entry) => [entry.date, entry.source])).toEqual([
      ['2025-12-28', 'youtube_ads'],
      ['2025-12-20', 'affiliate_marketing'],
      ['2025-12-15', 'tips'],
    ]);
    const last = await history('?page=3');
    expect(last.entries).toHaveLength(13);
    expect(last.entries.at(-1)).toMatchObject({ date: '2025-01-01', source: 'memberships' });
    const all = [...first.entries, ...(await history('?page=2')).entries, ...last.entries];
    expect(new Set(all.map((entry) => entry.id)).size).toBe(63);
    const dates = all.map((entry) => entry.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // AdSense 11,460 + Patreon 4,950 + tips 306 + Amazon 421.20 + courses 1,164 + deals 3,650.
    expect(first.totalAmount).toBe('21951.20');
    expect((await history('?page=4')).entries).toEqual([]);
  });

  it('filters by source, by month and by both, with the totals of the filter', async () => {
    const deals = await history('?source=youtube_sponsors');
    expect(deals).toMatchObject({ totalCount: 2, totalAmount: '3000.00' });
    expect(deals.entries.map((entry) => entry.date)).toEqual(['2025-09-09', '2025-03-14']);

    const march = await history('?month=2025-03');
    expect(march).toMatchObject({ totalCount: 6, totalAmount: '3286.60' });
    expect(march.entries.every((entry) => entry.date.startsWith('2025-03'))).toBe(true);

    expect(await history('?month=2025-03&source=youtube_ads')).toMatchObject({
      totalCount: 1,
      totalAmount: '920.00',
    });
    // December's last day is inside December; empty filters are no filters.
    expect((await history('?month=2025-12&source=')).totalCount).toBe(5);
    expect(await history('?month=2024-12')).toMatchObject({
      totalCount: 0,
      totalAmount: '0.00',
      entries: [],
    });
    // A former name still finds what it became.
    expect((await history('?source=tiktok_creator_fund')).totalCount).toBe(0);
  });

  it('says what is wrong with a filter', async () => {
    const badMonth = await request('/api/revenue/history?month=2025-13');
    expect(badMonth.status).toBe(400);
    expect((await badMonth.json()).message).toMatch(/Choose a month as YYYY-MM, like 2025-03/);
    const badSource = await request('/api/revenue/history?source=onlyfans');
    expect((await badSource.json()).message).toMatch(/Choose a source from/);
    const badPage = await request('/api/revenue/history?page=0');
    expect((await badPage.json()).message).toMatch(/page starts at 1/);
  });

  it('shows a creator only their own entries', async () => {
    const other = await as(t, await signUpUser(t));
    expect(await (await other('/api/revenue/history')).json()).toMatchObject({ totalCount: 0, entries: [] });
  });
});

describe('GET /api/revenue/export', () => {
  it('downloads what the table shows, every page of it, in columns the import reads back', async () => {
    const response = await request('/api/revenue/export?source=youtube_sponsors');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="ballast-revenue-youtube_sponsors.csv"',
    );
    const csv = await response.text();
    expect(csv).toBe(
      [
        '"date","source","amount","description","paid amount","paid currency","rate","rate date","transaction id","gross","fee","from"',
        // A cell a spreadsheet would run as a formula stays text.
        `"2025-09-09","youtube_sponsors","1200.00","'=HYPERLINK(""x"")","1200.00","GBP","","","","","",""`,
        '"2025-03-14","youtube_sponsors","1800.00","Oatly integration, 60s","1800.00","GBP","","","","","",""',
        '',
      ].join('\r\n'),
    );

    const everything = await (await request('/api/revenue/export')).text();
    expect(everything.trim().split('\r\n')).toHaveLength(64);
    const again = await request('/api/revenue/import', {
      method: 'POST',
      json: { csv: await (await request('/api/revenue/export?month=2025-05')).text(), dryRun: true },
    });
    expect(await again.json()).toMatchObject({ acceptedCount: 5, skippedCount: 5, refusedCount: 0 });
  });
});
