import { addDays } from '@common/calendar';
import { describe, expect, it } from 'vitest';
import type { Point } from './detection';
import { platformFalls } from './platform-fall';

/**
 * A YouTube channel's synced days as YouTube Analytics reports them (views, watch time, estimated
 * revenue in GBP to the penny), 80 days to 30 November 2026: more views at weekends, a little noise,
 * £3.50 per 1,000 views. From 23 November its views and its revenue per 1,000 views are scaled by the
 * shape's factors.
 */
const LAST_DAY = '2026-11-30';
const FALL_FROM = '2026-11-23';
const RPM = 3.5;

function channel(shape: { views: number; rpm: number }, metrics = ['views', 'watch_time_hours', 'revenue']) {
  const series = new Map<string, Point[]>(metrics.map((metric) => [`youtube:${metric}`, []]));
  for (let ago = 79; ago >= 0; ago -= 1) {
    const at = addDays(LAST_DAY, -ago);
    const weekday = new Date(`${at}T00:00:00Z`).getUTCDay();
    const falling = at >= FALL_FROM;
    const noise = 1 + (((Number(at.slice(8, 10)) * 37) % 11) - 5) / 250;
    const views = Math.round(
      (weekday === 0 || weekday === 6 ? 48_000 : 40_000) * noise * (falling ? shape.views : 1),
    );
    const figures: Record<string, number> = {
      views,
      watch_time_hours: Math.round((views * 4) / 60),
      revenue: Math.round(views * RPM * (falling ? shape.rpm : 1) * 0.1) / 100,
    };
    for (const metric of metrics) series.get(`youtube:${metric}`)!.push({ at, value: figures[metric]! });
  }
  return series;
}

const fallsOf = (series: Map<string, Point[]>) => platformFalls('creator', series).map((fall) => fall.alert);

describe('one fall on a connected platform, one alert', () => {
  it('a fall in views with revenue per 1,000 views held is one alert, in pounds, and says it is reach', () => {
    const [alert, ...more] = fallsOf(channel({ views: 0.61, rpm: 1 }));
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      cause: 'metric:youtube:fall',
      platform: 'youtube',
      severity: 'high',
      title: expect.stringMatching(/^YouTube revenue is £\d+ a day below usual \(−39%\) since 23 November$/),
    });
    expect(alert!.description).toMatch(
      /^Since 23 November 2026: revenue £\d+ a day against a usual £\d+; views [\d,]+ a day against a usual [\d,]+; watch time [\d,]+ hours a day against a usual [\d,]+ hours\. Views fell 39% and revenue per 1,000 views held at £3\.50, so this is reach: fewer people saw your videos\.$/,
    );
    expect(alert!.impactDescription).toMatch(
      /^At this rate YouTube pays about £[\d,]+ a month less than usual\.$/,
    );
    expect(alert!.atStakePence).toBeGreaterThan(0);
  });

  it('revenue per 1,000 views down 35% with views held is ad rates, never reach', () => {
    const alerts = fallsOf(channel({ views: 1, rpm: 0.65 }));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.title).toMatch(
      /^YouTube revenue is £\d+ a day below usual \(−35%\) since 23 November$/,
    );
    expect(alerts[0]!.description).toMatch(
      /Views held; revenue per 1,000 views fell 35% \(£2\.28, against £3\.50\): advertisers, not the algorithm\.$/,
    );
    expect(alerts[0]!.impactDescription).not.toMatch(/Reach/);
  });

  it('both falling names both, with their numbers', () => {
    const alerts = fallsOf(channel({ views: 0.7, rpm: 0.7 }));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.title).toMatch(
      /^YouTube revenue is £\d+ a day below usual \(−51%\) since 23 November$/,
    );
    expect(alerts[0]!.description).toMatch(
      /Views fell 30% and revenue per 1,000 views fell 30% \(£2\.45, against £3\.50\): fewer people saw your videos and advertisers paid less for each view\.$/,
    );
  });

  it('a channel outside the Partner Programme (no revenue) is told its fall in views', () => {
    const alerts = fallsOf(channel({ views: 0.6, rpm: 1 }, ['views', 'watch_time_hours']));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.title).toMatch(
      /^YouTube views are [\d,]+ a day below usual \(−40%\) since 23 November$/,
    );
    expect(alerts[0]!.description).toMatch(
      /Views fell 40%, so this is reach: fewer people saw your videos\.$/,
    );
    expect(alerts[0]!.atStakePence).toBeNull();
  });

  it('revenue without views says why the cause cannot be told yet', () => {
    const alerts = fallsOf(channel({ views: 1, rpm: 0.6 }, ['revenue']));
    expect(alerts[0]!.description).toMatch(
      /Ballast can’t tell yet whether this is reach or ad rates, because YouTube sent no daily views for these days\.$/,
    );
  });

  it('a flat channel raises nothing', () => {
    expect(fallsOf(channel({ views: 1, rpm: 1 }))).toEqual([]);
  });
});
