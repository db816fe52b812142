import type { Alert, AlertPage } from '@common/alerts';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../../tests/support/wait';
import { connect, days, get, newCreator, providers, setUpYoutubeApp, youtubeDay } from './test-support';

/** 1 December: November is complete, and YouTube's estimate of it is in from the first read. */
const clock = new Date('2026-12-01T09:00:00Z');

setUpYoutubeApp(() => clock);

describe('a fall YouTube shows in its days and in its month', () => {
  it('is one alert, whose description says the month too', async () => {
    // Views down to 45% from 20 November (revenue with them, and less a view): the last eleven days
    // of November fall, and so does November's estimated revenue as a month.
    for (const day of days('2026-06-01', '2026-11-19')) providers.analytics.youtube.set(day, youtubeDay(day));
    for (const day of days('2026-11-20', '2026-11-30'))
      providers.analytics.youtube.set(day, youtubeDay(day, 0.45));
    const request = await newCreator();
    // Her own AdSense figures for the summer, before the 90 days YouTube's first read goes back.
    for (const month of ['06', '07', '08']) {
      await request('/api/revenue', {
        method: 'POST',
        json: { source: 'youtube_ads', amount: '980.00', date: `2026-${month}-21` },
      });
    }
    await connect(request, 'youtube');
    let alerts: Alert[] = [];
    await waitUntil(
      async () => {
        alerts = (await get<AlertPage>(request, '/api/alerts')).alerts;
        return alerts.length > 0;
      },
      20_000,
      'the fall alert',
    );
    // The scan that raised it judged both the days and the month: one alert, not "YouTube Ads revenue
    // fell 30%" beside it.
    expect(alerts.map((alert) => alert.title)).toEqual([
      expect.stringMatching(/^YouTube revenue is £\d+ a day below usual \(−\d+%\) since 20 November$/),
    ]);
    expect(alerts[0]!.description).toMatch(
      /November 2026 brought £[\d,]+ from YouTube Ads, against £[\d,]+ in a typical recent month\.$/,
    );
  });
});
