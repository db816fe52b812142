import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { alertsOf, clock, first, scan, setUpTwoInstances } from './test-support';

setUpTwoInstances();

type Figure = {
  metric: string;
  value: number;
  daysAgo: number;
  period: string;
  days: number | null;
  kind: string;
};

async function screenshotFigures(userId: string, figures: Figure[]) {
  for (const figure of figures)
    await first.database.pool.query(
      `WITH added AS (
         INSERT INTO platform_metrics (user_id, platform, source, metric, value, recorded_at, period, period_days, kind)
         VALUES ($1, 'youtube', 'screenshot', $2, $3, $8::timestamptz - make_interval(days => $4), $5, $6, $7)
         RETURNING user_id
       )
       INSERT INTO figure_changes (user_id, is_own) SELECT user_id, true FROM added`,
      [userId, figure.metric, figure.value, figure.daysAgo, figure.period, figure.days, figure.kind, clock],
    );
}

const month = (metric: string, value: number, daysAgo: number): Figure => ({
  metric,
  value,
  daysAgo,
  period: 'last_28_days',
  days: 28,
  kind: 'total',
});

describe('figures from screenshots', () => {
  it('are compared only with figures of the same metric, period length and kind', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    await screenshotFigures(user.id, [
      ...[52_000, 49_000, 50_500, 51_000].map((value, index) => month('views', value, (6 - index) * 28)),
      ...[12_100, 12_300, 12_500, 12_800].map((value, index) =>
        month('subscribers', value, (6 - index) * 28),
      ),
      // A week's views beside four months' views, and subscribers gained beside subscribers had:
      // neither is a fall.
      { metric: 'views', value: 12_000, daysAgo: 20, period: 'last_7_days', days: 7, kind: 'total' },
      { metric: 'subscribers', value: 311, daysAgo: 20, period: 'last_28_days', days: 28, kind: 'change' },
    ]);
    await scan();
    expect(await alertsOf(request)).toEqual([]);

    // A month's views well under the months before it is one.
    await screenshotFigures(user.id, [month('views', 21_000, 1)]);
    await scan();
    expect(await alertsOf(request)).toMatchObject([
      { title: 'YouTube views fell 59% over 28 days', platform: 'youtube' },
    ]);
  });

  it('judge a second screenshot of the same period against the first, with the period and units', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    // The 28-day overview a month ago, then today's: views down 35%, watch time down 30%.
    await screenshotFigures(user.id, [month('views', 52_000, 29), month('watch_time_hours', 3_100, 29)]);
    await scan();
    expect(await alertsOf(request)).toEqual([]);
    await screenshotFigures(user.id, [month('views', 33_800, 0), month('watch_time_hours', 2_170, 0)]);
    await scan();
    const [alert, ...more] = await alertsOf(request);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      severity: 'high',
      title: 'YouTube views fell 35% over 28 days',
      description: expect.stringMatching(
        /^Your screenshots show 33,800 views in the 28 days to \d+ \w+ \d{4}, against 52,000 views in your screenshot of the 28 days before; 2,170 hours in the 28 days to .+, against 3,100 hours in your screenshot of the 28 days before\. Views fell 35%, so this is reach: fewer people saw your posts\.$/,
      ),
    });
  });

  it('leave an ordinary month alone, and an overlapping period out', async () => {
    const user = await signUpUser(first);
    const request = as(first, user);
    // 15% down on the month before is an ordinary month; a screenshot a week earlier shares its days.
    await screenshotFigures(user.id, [month('views', 52_000, 29), month('views', 90_000, 7)]);
    await screenshotFigures(user.id, [month('views', 44_200, 0)]);
    await scan();
    expect(await alertsOf(request)).toEqual([]);
  });
});
