import type { RevenueSource } from '@common/revenue';
import type { Point } from './detection';

/**
 * How a source's money arrives (docs/scoring.md, "Each stream by its rhythm"). Lumpy sources are paid
 * deal by deal (a sponsorship, a licence, a one-off sale): two deals a month may land on the 3rd and the
 * 28th, or one slips into next month, so a month, and even more a month so far, says little. They are
 * judged over a rolling quarter and never by this month's pace. Steady sources (ad revenue, memberships,
 * subscriptions) arrive with the audience, so a month and the month's pace say something.
 */
const LUMPY_SOURCES: ReadonlySet<RevenueSource> = new Set<RevenueSource>([
  'youtube_sponsors',
  'instagram_sponsors',
  'tiktok_sponsors',
  'podcast_sponsors',
  'newsletter_sponsors',
  'brand_deals',
  'licensing',
  'digital_products',
  'speaking',
]);

export type Rhythm = 'lumpy' | 'steady';

export function rhythmOf(source: RevenueSource): Rhythm {
  return LUMPY_SOURCES.has(source) ? 'lumpy' : 'steady';
}

/** Months in a lumpy stream's judging window. */
export const QUARTER_MONTHS = 3;

/**
 * Complete months turned into rolling quarters: each point is the month it ends with and the total of
 * that month and the two before it (from the source's third month on). The latest quarter is then
 * judged against the quarters ending at each of the six months before it, as months of a steady source
 * are, so one deal landing a few days late moves money between months but not out of the quarter.
 */
export function rollingQuarters(months: Point[]): Point[] {
  return months.slice(QUARTER_MONTHS - 1).map((point, index) => ({
    at: point.at,
    value: months.slice(index, index + QUARTER_MONTHS).reduce((sum, month) => sum + month.value, 0),
  }));
}
