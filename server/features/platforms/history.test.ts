import type { Alert, AlertPage } from '@common/alerts';
import type { HealthCheck } from '@common/health-check';
import type { PlatformConnection, RevenueOverlap } from '@common/platforms';
import type { RevenueEntry, RevenueSummary } from '@common/revenue';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { type OAuthProviders, startOAuthProviders } from '../../../tests/support/oauth-providers';
import { givePaidPlan } from '../../../tests/support/plans';
import type { YoutubeDay } from '../../../tests/support/provider-analytics';
import { as, signUpUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';
import { platformDepsOf } from '../../app';
import { findSyncedAudience } from './metrics-store';
import { runConnectionSync } from './sync';

let t: TestApp;
let providers: OAuthProviders;
let clock = new Date('2026-11-24T09:00:00Z');
const log = { warn: () => {} };

beforeAll(async () => {
  providers = await startOAuthProviders();
  t = await startTestApp({
    env: { TRUST_PROXY: 'true', OAUTH_PROVIDER_URL: providers.url, ...providers.credentials },
    deps: { now: () => clock },
    platformSync: true,
  });
});

afterAll(async () => {
  await t?.close();
  await providers?.close();
});

beforeEach(() => {
  clock = new Date('2026-11-24T09:00:00Z');
  providers.analytics.isYoutubeWithoutRevenue = false;
  providers.analytics.youtube.clear();
  providers.analytics.requests.length = 0;
});

type Request = ReturnType<typeof as>;
/** A creator on The Guardian, whose plan brings the daily reads after the first one. */
const newCreator = async () => {
  const user = await signUpUser(t);
  await givePaidPlan(t, user.id, 'guardian');
  return as(t, user);
};
const get = async <T>(request: Request, path: string) => (await (await request(path)).json()) as T;
const connectionOf = async (request: Request, platform: string) =>
  (await get<PlatformConnection[]>(request, '/api/platforms')).find((item) => item.platform === platform)!;
const syncNow = (connectionId: string) =>
  runConnectionSync(
    { ...platformDepsOf(t.config, t.database.db, () => clock, t.jobs), jobs: t.jobs },
    { connectionId },
    log,
  );

/** The browser's path: our connect URL, the provider's consent, back to our callback. */
async function connect(request: Request, platform: string) {
  const start = await request(`/api/connect/${platform}`);
  const consent = await fetch(start.headers.get('location')!, { redirect: 'manual' });
  const callback = new URL(consent.headers.get('location')!);
  const back = await request(`${callback.pathname}${callback.search}`);
  expect(back.headers.get('location')).toBe(`/health-check?connection=connected&platform=${platform}`);
}

const DAY_MS = 24 * 3600 * 1000;
const days = (from: string, to: string) => {
  const list: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS)
    list.push(new Date(at).toISOString().slice(0, 10));
  return list;
};

/** A channel's days as YouTube reports them: weekends busier, revenue in pence-exact pounds. */
function youtubeDay(day: string, scale = 1): YoutubeDay {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const noise = (Number(day.slice(8, 10)) * 37) % 11;
  const views = Math.round((weekday === 0 || weekday === 6 ? 12_000 : 9_500) * scale + noise * 40);
  return {
    views,
    estimatedMinutesWatched: views * 4,
    subscribersGained: 40 + noise,
    subscribersLost: 12,
    estimatedRevenue: Math.round(views * 0.31 * scale) / 100,
  };
}

const penceOf = (amount: number) => Math.round(amount * 100);
const monthTotal = (month: string) =>
  (
    [...providers.analytics.youtube]
      .filter(([day]) => day.startsWith(month))
      .reduce((sum, [, figures]) => sum + penceOf(figures.estimatedRevenue), 0) / 100
  ).toFixed(2);

describe('YouTube history and revenue', () => {
  it('backfills at connect, reads the days since daily, follows revisions, waits out 429s, revokes on disconnect', async () => {
    // YouTube has settled every day up to two days ago.
    for (const day of days('2026-07-01', '2026-11-22')) providers.analytics.youtube.set(day, youtubeDay(day));
    const request = await newCreator();
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '500.00', date: '2026-10-15', description: 'AdSense payment' },
    });
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '120.00', date: '2026-11-03' },
    });

    await connect(request, 'youtube');
    await waitUntil(
      async () => (await connectionOf(request, 'youtube')).lastSyncedAt !== null,
      10_000,
      'the backfill',
    );

    const [backfill] = providers.analytics.requests;
    expect(backfill!.query).toMatchObject({
      ids: 'channel==MINE',
      dimensions: 'day',
      currency: 'GBP',
      startDate: '2026-08-01',
      endDate: '2026-11-23',
    });
    const connection = await connectionOf(request, 'youtube');
    expect(connection.lastSyncRead).toBe(
      'Read 114 days of views, watch time (hours), subscribers gained, subscribers lost and estimated revenue; 48,200 followers.',
    );
    expect(connection.lastSyncError).toBeNull();
    const { rows: stored } = await t.database.pool.query(
      `SELECT count(*)::int AS n, min(day)::text AS first, max(day)::text AS last
       FROM platform_metrics WHERE connection_id = $1 AND metric = 'views'`,
      [connection.id],
    );
    expect(stored[0]).toEqual({ n: 114, first: '2026-08-01', last: '2026-11-22' });
    // The blueprint plans from the last 30 days' views: each day's own, summed (25 October excluded).
    const { rows: owner } = await t.database.pool.query(
      'SELECT user_id FROM platform_connections WHERE id = $1',
      [connection.id],
    );
    const lastThirtyDays = [...providers.analytics.youtube]
      .filter(([day]) => day > '2026-10-25')
      .reduce((sum, [, figures]) => sum + figures.views, 0);
    expect((await findSyncedAudience(t.database.db, owner[0].user_id, clock)).monthlyViews).toBe(
      lastThirtyDays,
    );

    // One YouTube Ads entry per month from YouTube, except October, which the creator typed.
    const entries = await get<RevenueEntry[]>(request, '/api/revenue');
    const synced = entries.filter((entry) => entry.origin === 'youtube');
    expect(synced.map((entry) => [entry.date, entry.amount])).toEqual([
      ['2026-11-22', monthTotal('2026-11')],
      ['2026-09-30', monthTotal('2026-09')],
      ['2026-08-31', monthTotal('2026-08')],
    ]);
    expect(synced.every((entry) => entry.source === 'youtube_ads')).toBe(true);
    const summary = await get<RevenueSummary>(request, '/api/revenue/summary');
    expect(summary.thisMonthAmount).toBe((Number(monthTotal('2026-11')) + 120).toFixed(2));
    const overlaps = await get<RevenueOverlap[]>(request, '/api/platforms/youtube/revenue-overlaps');
    expect(overlaps).toEqual([
      { month: '2026-10', youtubeAmount: monthTotal('2026-10'), typedAmount: '500.00', typedEntryCount: 1 },
    ]);

    // YouTube's entries follow YouTube: not editable by hand.
    const november = synced[0]!;
    const edit = await request(`/api/revenue/${november.id}`, { method: 'PATCH', json: { amount: '1.00' } });
    expect(edit.status).toBe(409);
    expect((await request(`/api/revenue/${november.id}`, { method: 'DELETE' })).status).toBe(409);

    // The next day: a new day settles and YouTube revises the two before it.
    clock = new Date('2026-11-25T05:30:00Z');
    providers.analytics.youtube.set('2026-11-23', youtubeDay('2026-11-23'));
    providers.analytics.youtube.set('2026-11-22', {
      ...youtubeDay('2026-11-22'),
      views: 20_000,
      estimatedRevenue: 61.5,
    });
    providers.analytics.youtube.set('2026-11-21', { ...youtubeDay('2026-11-21'), estimatedRevenue: 0.99 });
    await syncNow(connection.id);
    expect(providers.analytics.requests.at(-1)!.query).toMatchObject({
      startDate: '2026-11-20',
      endDate: '2026-11-24',
    });
    const { rows: revised } = await t.database.pool.query(
      `SELECT day::text AS day, value FROM platform_metrics
       WHERE connection_id = $1 AND metric = 'views' AND day >= '2026-11-21' ORDER BY day`,
      [connection.id],
    );
    expect(revised.map((row) => [row.day, Number(row.value)])).toEqual([
      ['2026-11-21', youtubeDay('2026-11-21').views],
      ['2026-11-22', 20_000],
      ['2026-11-23', youtubeDay('2026-11-23').views],
    ]);
    const afterRevision = (await get<RevenueEntry[]>(request, '/api/revenue')).filter(
      (entry) => entry.origin === 'youtube' && entry.date >= '2026-11-01',
    );
    expect(afterRevision.map((entry) => [entry.date, entry.amount])).toEqual([
      ['2026-11-23', monthTotal('2026-11')],
    ]);

    // The creator keeps their own October; YouTube's stays out of it from then on.
    const keep = await request('/api/platforms/youtube/revenue-overlaps/2026-10', {
      method: 'POST',
      json: { keep: 'mine' },
    });
    expect(keep.status).toBe(204);
    expect(await get(request, '/api/platforms/youtube/revenue-overlaps')).toEqual([]);
    const bad = await request('/api/platforms/youtube/revenue-overlaps/2026-13', {
      method: 'POST',
      json: { keep: 'mine' },
    });
    expect(bad.status).toBe(400);

    // A short 429 is waited out in place; a long one comes back as a job after its Retry-After.
    clock = new Date('2026-11-26T05:10:00Z');
    providers.rateLimitNext('youtube', 1, 1);
    await syncNow(connection.id);
    expect((await connectionOf(request, 'youtube')).lastSyncError).toBeNull();
    providers.rateLimitNext('youtube', 3, 600);
    await syncNow(connection.id);
    expect((await connectionOf(request, 'youtube')).lastSyncError).toBe(
      'YouTube asked us to slow down; Ballast tries again at 05:20 UTC.',
    );
    const { rows: retry } = await t.database.pool.query(
      `SELECT data, extract(epoch FROM start_after - now()) AS wait FROM pgboss.job
       WHERE name = 'platform-sync-connection' AND singleton_key = $1 AND state = 'created'`,
      [connection.id],
    );
    expect(retry).toHaveLength(1);
    expect(retry[0].data).toEqual({ connectionId: connection.id, attempt: 1 });
    expect(Number(retry[0].wait)).toBeGreaterThan(590);
    providers.rateLimitNext('youtube', 0, 0);

    // Disconnecting revokes the grant at Google; YouTube's entries stay, now the creator's own.
    expect((await request(`/api/platforms/${connection.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(providers.revoked.youtube).toHaveLength(1);
    expect(providers.revoked.youtube[0]).toMatch(/^youtube-refresh-/);
    const released = await get<RevenueEntry[]>(request, '/api/revenue');
    expect(released.filter((entry) => entry.origin === 'youtube')).toEqual([]);
    expect(released.filter((entry) => entry.source === 'youtube_ads')).toHaveLength(4);
  });

  it('raises the alert the day the creator connects when the history ends in a fall', async () => {
    for (const day of days('2026-08-01', '2026-11-19')) providers.analytics.youtube.set(day, youtubeDay(day));
    for (const day of days('2026-11-20', '2026-11-22'))
      providers.analytics.youtube.set(day, youtubeDay(day, 0.45));
    const request = await newCreator();
    await connect(request, 'youtube');
    let alerts: Alert[] = [];
    await waitUntil(
      async () => {
        alerts = (await get<AlertPage>(request, '/api/alerts')).alerts;
        return alerts.some((alert) => alert.title.startsWith('YouTube views dropped'));
      },
      20_000,
      'the views alert',
    );
    const views = alerts.find((alert) => alert.title.startsWith('YouTube views dropped'))!;
    expect(views.description).toMatch(/^22 November 2026: /);
    expect(views.severity).toBe('critical');
    // Subscribers lost never alert for falling.
    expect(alerts.some((alert) => alert.title.includes('subscribers lost'))).toBe(false);
  });

  it('keeps YouTube’s figure for a month when the creator chooses it over theirs', async () => {
    for (const day of days('2026-08-01', '2026-11-22')) providers.analytics.youtube.set(day, youtubeDay(day));
    const request = await newCreator();
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'youtube_ads', amount: '410.00', date: '2026-09-28' },
    });
    await connect(request, 'youtube');
    await waitUntil(
      async () => (await connectionOf(request, 'youtube')).lastSyncedAt !== null,
      10_000,
      'the backfill',
    );
    const keep = await request('/api/platforms/youtube/revenue-overlaps/2026-09', {
      method: 'POST',
      json: { keep: 'youtube' },
    });
    expect(keep.status).toBe(204);
    const september = (await get<RevenueEntry[]>(request, '/api/revenue')).filter((entry) =>
      entry.date.startsWith('2026-09'),
    );
    expect(september.map((entry) => [entry.origin, entry.amount])).toEqual([
      ['youtube', monthTotal('2026-09')],
    ]);
    // The health check scores from YouTube's revenue without a figure typed.
    const check = (await (await request('/api/health-check', { method: 'POST' })).json()) as HealthCheck;
    expect(check).toMatchObject({ basis: 'revenue', largestPlatform: 'youtube' });
    expect(Number(check.monthlyRevenue)).toBeGreaterThan(0);
    const again = await request('/api/platforms/youtube/revenue-overlaps/2026-09', {
      method: 'POST',
      json: { keep: 'mine' },
    });
    expect(again.status).toBe(404);
  });

  it('reads a channel without revenue access for its other figures', async () => {
    for (const day of days('2026-08-01', '2026-11-22')) providers.analytics.youtube.set(day, youtubeDay(day));
    providers.analytics.isYoutubeWithoutRevenue = true;
    const request = await newCreator();
    await connect(request, 'youtube');
    await waitUntil(
      async () => (await connectionOf(request, 'youtube')).lastSyncedAt !== null,
      10_000,
      'the backfill',
    );
    const connection = await connectionOf(request, 'youtube');
    expect(connection.lastSyncError).toBeNull();
    expect(connection.lastSyncRead).toBe(
      'Read 114 days of views, watch time (hours), subscribers gained and subscribers lost; 48,200 followers.',
    );
    expect(await get<RevenueEntry[]>(request, '/api/revenue')).toEqual([]);
  });
});
