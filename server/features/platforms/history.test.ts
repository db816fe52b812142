import type { Alert, AlertPage } from '@common/alerts';
import type { HealthCheck } from '@common/health-check';
import type { RevenueEntry } from '@common/revenue';
import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { waitUntil } from '../../../tests/support/wait';
import { scanChangedCreators } from '../alerts/scan';
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

const clock = new Date('2026-11-24T09:00:00Z');

setUpYoutubeApp(() => clock);

describe('YouTube history and revenue', () => {
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
        return alerts.some((alert) => /^YouTube revenue is £/.test(alert.title));
      },
      20_000,
      'the fall alert',
    );
    // Views, watch time and revenue fell together: one alert, in pounds, from the day it began.
    const youtube = alerts.filter((alert) => alert.platform === 'youtube');
    expect(youtube).toHaveLength(1);
    expect(youtube[0]!.title).toMatch(
      /^YouTube revenue is £\d+ a day below usual \(−\d+%\) since 20 November$/,
    );
    expect(youtube[0]!.description).toMatch(
      /^Since 20 November 2026: revenue £[\d.]+ a day against a usual £[\d.]+; views /,
    );
    expect(youtube[0]!.severity).toBe('critical');
    // Subscribers lost never alert for falling.
    expect(alerts.some((alert) => alert.title.includes('subscribers lost'))).toBe(false);
  });

  it('scans the first read of a connection within minutes on a plan without real-time alerts', async () => {
    for (const day of days('2026-08-01', '2026-11-19')) providers.analytics.youtube.set(day, youtubeDay(day));
    for (const day of days('2026-11-20', '2026-11-22'))
      providers.analytics.youtube.set(day, youtubeDay(day, 0.45));
    // No plan, and scanned an hour ago for what she typed: a sync alone would wait a day for the next scan.
    const request = as(t, await signUpUser(t));
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: '300.00', date: '2026-11-02' },
    });
    await scanChangedCreators(
      { db: t.database.db, jobs: t.jobs },
      () => new Date(clock.getTime() - 3_600_000),
    );
    await connect(request, 'youtube');
    await waitUntil(
      async () =>
        (await get<AlertPage>(request, '/api/alerts')).alerts.some((alert) =>
          /^YouTube revenue is £\d+ a day below usual/.test(alert.title),
        ),
      20_000,
      'the fall alert after the first read',
    );
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
