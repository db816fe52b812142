import { describe, expect, it } from 'vitest';
import { causeOfFall, monthlyViews, viewsFromScreenshots } from './cause';
import type { Point } from './detection';

/** A month of daily views adding up to `views`. */
function month(at: string, views: number): Point[] {
  const length = new Date(Date.UTC(Number(at.slice(0, 4)), Number(at.slice(5, 7)), 0)).getUTCDate();
  return Array.from({ length }, (_, index) => ({
    at: `${at}-${String(index + 1).padStart(2, '0')}`,
    value: views / length,
  }));
}

/** July to October 2026: each month's views, and the revenue it brought in pence. */
function shape(views: number[], revenue: number[]) {
  const months = ['2026-07', '2026-08', '2026-09', '2026-10'];
  return {
    dailyViews: months.flatMap((at, index) => month(at, views[index]!)),
    revenue: months.map((at, index) => ({ at, value: revenue[index]! })),
  };
}

/** 310,000 views a month at £3.10 per 1,000 (31p a hundred views): £961. */
const USUAL = [310_000, 310_000, 310_000];
const USUAL_REVENUE = [96_100, 96_100, 96_100];

const steadySeason = { kind: 'short', months: 4 } as const;

describe('the cause of a fall in ad revenue', () => {
  it('is reach when views fell and revenue per 1,000 views held', () => {
    const cause = causeOfFall({
      source: 'youtube_ads',
      ...shape([...USUAL, 213_900], [...USUAL_REVENUE, 66_309]),
      season: steadySeason,
    });
    expect(cause).toEqual({
      kind: 'reach',
      sentence:
        'Views fell 31% and revenue per 1,000 views held at £3.10, so this is reach: fewer people saw your videos.',
      advice: expect.stringContaining('reach tasks in your blueprint'),
    });
  });

  it('is ad rates when views held and each 1,000 paid less, and says when the month usually does so', () => {
    const cause = causeOfFall({
      source: 'youtube_ads',
      ...shape([...USUAL, 303_800], [...USUAL_REVENUE, 71_302]),
      season: { kind: 'usual', usualFall: 0.2, previousMonth: '2026-09', beyond: null },
    });
    expect(cause?.kind).toBe('ad_rates');
    expect(cause?.sentence).toBe(
      'Views held; revenue per 1,000 views fell 24% (£2.35, against £3.10), as it does most Octobers: advertisers, not the algorithm.',
    );
    expect(cause?.advice).toMatch(/^Keep your content as it is/);
  });

  it('names both when neither explains three quarters of the loss', () => {
    const cause = causeOfFall({
      source: 'tiktok_creator_rewards',
      ...shape([...USUAL, 248_000], [...USUAL_REVENUE, 61_504]),
      season: steadySeason,
    });
    expect(cause?.kind).toBe('both');
    expect(cause?.sentence).toBe(
      'Views fell 20% and revenue per 1,000 views fell 20% (£2.48, against £3.10): fewer people saw your videos and advertisers paid less for each view.',
    );
  });

  it('says what it could not tell, and which connection would tell it', () => {
    const { revenue } = shape([0, 0, 0, 0], [...USUAL_REVENUE, 66_309]);
    expect(
      causeOfFall({ source: 'youtube_ads', revenue, dailyViews: undefined, season: steadySeason }),
    ).toEqual({
      kind: 'unknown',
      sentence:
        "Ballast can’t tell whether this is reach or ad rates without your YouTube views: connect YouTube from your Health Check page, or upload a screenshot of the last 28 days' views at each month's end, and the next alert will say.",
      advice: null,
    });
    // Views only for the fallen month's last week: too few whole months.
    const lastWeek = month('2026-10', 279_000).slice(-7);
    expect(
      causeOfFall({ source: 'youtube_ads', revenue, dailyViews: lastWeek, season: steadySeason })?.sentence,
    ).toBe(
      'Ballast has your YouTube views for too few whole months to tell whether this is reach or ad rates.',
    );
  });

  it('is not asked of streams not paid by the view', () => {
    const { revenue, dailyViews } = shape([...USUAL, 213_900], [1, 1, 1, 1]);
    expect(causeOfFall({ source: 'youtube_sponsors', revenue, dailyViews, season: steadySeason })).toBeNull();
  });
});

describe('views from screenshots', () => {
  it('tell the cause from a "Last 28 days" screenshot taken at each month’s end', () => {
    // 10,000 views a day in August and September's screenshots, 7,000 in October's.
    const figures = new Map([
      [
        'youtube:views:total:28',
        [
          { at: '2026-08-31', value: 280_000 },
          { at: '2026-09-30', value: 280_000 },
          { at: '2026-10-31', value: 196_000 },
        ],
      ],
      // The last 7 days, read the same day, agree; another platform's figures are not this one's days.
      ['youtube:views:total:7', [{ at: '2026-10-31', value: 49_000 }]],
      ['tiktok:views:total:28', [{ at: '2026-10-31', value: 1 }]],
    ]);
    const days = viewsFromScreenshots(figures, 'youtube');
    expect(days).toHaveLength(3 * 28);
    expect(monthlyViews(days)).toEqual(
      new Map([
        ['2026-08', 310_000],
        ['2026-09', 300_000],
        ['2026-10', 217_000],
      ]),
    );
    const cause = causeOfFall({
      source: 'youtube_ads',
      revenue: [
        { at: '2026-07', value: 96_100 },
        { at: '2026-08', value: 96_100 },
        { at: '2026-09', value: 93_000 },
        { at: '2026-10', value: 67_270 },
      ],
      dailyViews: days,
      season: steadySeason,
    });
    expect(cause?.sentence).toBe(
      'Views fell 29% and revenue per 1,000 views held at £3.10, so this is reach: fewer people saw your videos.',
    );
  });
});

describe('views per month', () => {
  it('counts a month with nine in ten of its days, scaled to the whole month, and leaves out one with fewer', () => {
    const october = month('2026-10', 3_100).slice(0, 28);
    const september = month('2026-09', 3_000).slice(0, 26);
    expect(monthlyViews([...september, ...october])).toEqual(new Map([['2026-10', 3_100]]));
  });
});
