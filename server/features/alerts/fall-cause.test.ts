import type { AlertPage } from '@common/alerts';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../tests/support/wait';
import {
  connect,
  connectionOf,
  days,
  get,
  newCreator,
  providers,
  setUpYoutubeApp,
  t,
} from '../platforms/test-support';
import { scanChangedCreators } from './scan';

/**
 * The cause of a fall in YouTube Ads, read from a channel connected through the YouTube stand-in: its
 * days shaped so October loses reach, or ad rates, or both. The scan reads the last 90 days of views,
 * so October is compared with September, the one whole month before it in them (317,000 views in
 * October's days at the usual level, 305,000 in September's).
 */

const clock = new Date('2026-11-24T09:00:00Z');
setUpYoutubeApp(() => clock);

/** Views a day (weekends busier) and revenue at `penceAThousand` per 1,000 views, as YouTube reports them. */
function day(date: string, viewsScale: number, penceAThousand: number) {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const views = Math.round((weekday === 0 || weekday === 6 ? 12_000 : 9_500) * viewsScale);
  return {
    views,
    estimatedMinutesWatched: views * 4,
    subscribersGained: 40,
    subscribersLost: 12,
    estimatedRevenue: Math.round((views * penceAThousand) / 1000) / 100,
  };
}

/** August to 22 November at 310p per 1,000 views (£3.10), with October as given. */
async function channelWithOctober(viewsScale: number, penceAThousand: number) {
  for (const date of days('2026-08-01', '2026-11-22')) {
    const isOctober = date.startsWith('2026-10');
    providers.analytics.youtube.set(
      date,
      isOctober ? day(date, viewsScale, penceAThousand) : day(date, 1, 310),
    );
  }
  const request = await newCreator();
  // The backfill reaches back to August; July's AdSense payment was typed, so four months are judged.
  await request('/api/revenue', {
    method: 'POST',
    json: { source: 'youtube_ads', amount: '961.00', date: '2026-07-31', description: 'AdSense for July' },
  });
  await connect(request, 'youtube');
  await waitUntil(
    async () => (await connectionOf(request, 'youtube')).lastSyncedAt !== null,
    10_000,
    'the backfill',
  );
  await scanChangedCreators({ db: t.database.db, jobs: t.jobs }, () => clock);
  // The app's own planner may have claimed the creator first: its batch then raises the alert.
  const fallen = async () =>
    (await get<AlertPage>(request, '/api/alerts')).alerts.find((alert) =>
      alert.title.startsWith('YouTube Ads revenue fell'),
    );
  await waitUntil(async () => (await fallen()) !== undefined, 10_000, 'the fall alert');
  return fallen();
}

describe('why YouTube Ads fell', () => {
  it('says reach when the views fell and each 1,000 paid the same', async () => {
    const alert = await channelWithOctober(0.65, 310);
    expect(alert?.description).toContain(
      'Views fell 32% and revenue per 1,000 views held at £3.10, so this is reach: fewer people saw your videos.',
    );
    expect(alert?.mitigationStrategy).toContain('reach tasks in your blueprint');
  });

  it('says ad rates when the views held and each 1,000 paid less', async () => {
    const alert = await channelWithOctober(1, 220);
    expect(alert?.description).toContain(
      'Views held; revenue per 1,000 views fell 29% (£2.20, against £3.10): advertisers, not the algorithm.',
    );
    expect(alert?.mitigationStrategy).toMatch(/^Keep your content as it is/);
  });

  it('names both when both fell', async () => {
    const alert = await channelWithOctober(0.8, 250);
    expect(alert?.description).toContain(
      'Views fell 17% and revenue per 1,000 views fell 19% (£2.50, against £3.10): fewer people saw your videos and advertisers paid less for each view.',
    );
  });
});
