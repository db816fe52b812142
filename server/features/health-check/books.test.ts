import type { HealthCheck } from '@common/health-check';
import type { RevenueEntry } from '@common/revenue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { storeRatesFromEcb } from '../../../tests/support/ecb-server';
import { as, signUpUser } from '../../../tests/support/users';
import { platformMetrics } from '../../db/schema/platforms';
import { insertAlertOnce } from '../alerts/store';

let t: TestApp;
// 23 November: the window is August to October, whose money is all in.
const clock = new Date('2026-11-23T12:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => clock } });
  // A dollar at 0.75 on each payday: 0.8700 / 1.1600.
  await storeRatesFromEcb(
    t,
    ['2026-08-20', '2026-09-18', '2026-10-20'].map((day) => ({
      day,
      rates: { USD: '1.1600', GBP: '0.8700' },
    })),
  );
});

afterAll(async () => {
  await t?.close();
});

const answers = {
  platforms: ['youtube', 'instagram', 'tiktok'],
  primaryPlatform: 'youtube',
  contentNiche: 'Tech reviews',
  audienceSize: '100k+',
  monthlyRevenue: '5000-10000',
  currentStreams: [
    'ad_revenue',
    'sponsorships',
    'affiliate_marketing',
    'product_sales',
    'membership_patreon',
  ],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
};

/** The walkthrough's creator's months as he types them, the agency and Amazon paying in dollars. */
const MONTH = [
  { source: 'youtube_ads', amount: '1500.00' },
  { source: 'youtube_sponsors', amount: '2640.00', currency: 'USD', payer: 'Northlight Creator Agency' },
  { source: 'affiliate_marketing', amount: '756.00', currency: 'USD', payer: 'Amazon Associates' },
  { source: 'memberships', amount: '700.00', description: 'Patreon' },
  { source: 'digital_products', amount: '600.00', description: 'Gumroad presets' },
];

describe('the health check reads the books', () => {
  it('names the agency, the dollars, the fall under way and the audience that earns nothing', async () => {
    const user = await signUpUser(t);
    const request = as(t, user);
    expect((await request('/api/user/onboarding', { method: 'POST', json: answers })).status).toBe(200);
    for (const date of ['2026-08-20', '2026-09-18', '2026-10-20']) {
      for (const entry of MONTH) {
        const response = await request('/api/revenue', { method: 'POST', json: { ...entry, date } });
        expect(response.status).toBe(201);
      }
    }
    // Audiences as last read; a change ("+1,234 followers") is never an audience.
    await t.database.db.insert(platformMetrics).values(
      [
        ['youtube', 'subscribers', 210_000, 'total'],
        ['instagram', 'followers', 41_000, 'total'],
        ['tiktok', 'followers', 96_000, 'total'],
        ['tiktok', 'followers', 1_234, 'change'],
      ].map(([platform, metric, value, kind], index) => ({
        userId: user.id,
        platform: platform as 'youtube',
        source: 'sync' as const,
        metric: metric as string,
        value: value as number,
        kind: kind as 'total',
        recordedAt: new Date(Date.UTC(2026, 10, 20, 8, index)),
      })),
    );
    // A fall whose cause is alerting now, as the scan raises it; and one that has cleared since.
    await t.database.db.transaction(async (tx) => {
      await insertAlertOnce(tx, {
        userId: user.id,
        cause: 'metric:youtube:fall',
        severity: 'high',
        platform: 'youtube',
        title: 'YouTube views are 5,200 a day below usual (−39%) since 23 Nov',
        description: 'Since 23 November 2026: views 8,100 a day against a usual 13,300.',
        mitigationStrategy: 'Reach fell while ad rates held.',
        fallPercent: 39,
        atStakePence: null,
      });
    });

    const response = await request('/api/health-check', { method: 'POST' });
    expect(response.status).toBe(200);
    const result = (await response.json()) as HealthCheck;
    expect(result.monthlyRevenue).toBe('5347.00');
    expect(result.findings).toEqual({
      payers: {
        largest: { name: 'Northlight Creator Agency', monthly: '1980.00', share: 0.3703 },
        // YouTube 28.1%, the agency 37.0%, Amazon 10.6%; Patreon's and Gumroad's buyers are many.
        hhi: expect.closeTo(0.0787 + 0.1371 + 0.0112, 3),
        namedShare: expect.closeTo(0.757, 3),
      },
      currency: {
        foreignShare: 0.4763,
        foreignMonthly: '2547.00',
        tenPercentMove: '231.55',
        currencies: ['USD'],
      },
      liveFalls: [
        {
          platform: 'youtube',
          title: 'YouTube views are 5,200 a day below usual (−39%) since 23 Nov',
          since: expect.any(String),
          atStake: '585.00',
        },
      ],
      untapped: [
        { platform: 'tiktok', followers: 96_000, worth: '192.00' },
        { platform: 'instagram', followers: 41_000, worth: '82.00' },
      ],
      unmeasured: [],
    });
    expect(result.recommendations.map((item) => [item.title, item.atStake])).toEqual([
      ['Find sponsors beside Northlight Creator Agency', '1980.00'],
      ['Reduce your dependence on YouTube', expect.any(String)],
      ['Act on the fall on YouTube now', '585.00'],
      ['Earn from your 137,000 followers on TikTok and Instagram', '274.00'],
      ['Protect the 47.6% of your income paid in US dollars', '231.55'],
    ]);
    expect(await (await request('/api/health-check')).json()).toEqual(result);
  });

  it('keeps who paid on the entry, offers the names again, and downloads them', async () => {
    const request = as(t, await signUpUser(t));
    const created = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'brand_deals', amount: '900', date: '2026-10-02', payer: '  Orbit Audio  ' },
    });
    expect(created.status).toBe(201);
    expect(((await created.json()) as RevenueEntry).payer).toBe('Orbit Audio');
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'brand_deals', amount: '400', date: '2026-11-02', payer: 'Lumen Labs' },
    });
    expect(await (await request('/api/revenue/payers')).json()).toEqual({
      payers: ['Lumen Labs', 'Orbit Audio'],
    });
    const [latest] = (await (await request('/api/revenue')).json()) as RevenueEntry[];
    expect(latest!.payer).toBe('Lumen Labs');
    const cleared = await request(`/api/revenue/${latest!.id}`, { method: 'PATCH', json: { payer: '' } });
    expect(((await cleared.json()) as RevenueEntry).payer).toBeNull();
    const csv = await (await request('/api/revenue/export')).text();
    expect(csv.split('\r\n')[0]).toMatch(/,"?from"?$/);
    expect(csv).toMatch(/,"?Orbit Audio"?\r\n/);

    const tooLong = await request('/api/revenue', {
      method: 'POST',
      json: { source: 'brand_deals', amount: '1', payer: 'x'.repeat(101) },
    });
    expect(tooLong.status).toBe(400);
    expect(((await tooLong.json()) as { message: string }).message).toContain(
      'Keep who paid to 100 characters',
    );
    expect((await t.request('/api/revenue/payers')).status).toBe(401);
  });
});
