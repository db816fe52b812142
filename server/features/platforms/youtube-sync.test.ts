import type { RevenueOverlap } from '@common/platforms';
import type { RevenueEntry, RevenueSummary } from '@common/revenue';
import { beforeEach, describe, expect, it } from 'vitest';
import { waitUntil } from '../../../tests/support/wait';
import { findSyncedAudience } from './metrics-store';
import { platformDepsOf } from './public';
import { runConnectionSync } from './sync';
import {
  connect,
  connectionOf,
  days,
  get,
  monthTotal,
  newCreator,
  providers,
  setUpYoutubeApp,
  t,
  youtubeDay,
} from './test-support';

let clock = new Date('2026-11-24T09:00:00Z');
const log = { warn: () => {} };

setUpYoutubeApp(() => clock);

beforeEach(() => {
  clock = new Date('2026-11-24T09:00:00Z');
});

const syncNow = (connectionId: string) =>
  runConnectionSync(
    { ...platformDepsOf(t.config, t.database.db, () => clock, t.jobs), jobs: t.jobs },
    { connectionId },
    log,
  );

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
    await waitUntil(async () => providers.revoked.youtube.length > 0, 10_000, 'the revoke job');
    expect(providers.revoked.youtube).toHaveLength(1);
    expect(providers.revoked.youtube[0]).toMatch(/^youtube-refresh-/);
    const released = await get<RevenueEntry[]>(request, '/api/revenue');
    expect(released.filter((entry) => entry.origin === 'youtube')).toEqual([]);
    expect(released.filter((entry) => entry.source === 'youtube_ads')).toHaveLength(4);
  });
});
