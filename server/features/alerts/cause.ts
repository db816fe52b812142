import { addDays, monthName, monthsBefore } from '@common/calendar';
import { platformName } from '@common/platforms';
import type { RevenueSource } from '@common/revenue';
import type { Point } from './detection';
import type { Season } from './seasonality';

/**
 * Why an advertising stream fell (docs/scoring.md, "The cause of a fall"). Ad revenue is views times
 * what advertisers pay per view, so a month's fall splits exactly into a part from fewer views (reach)
 * and a part from less paid per 1,000 views (ad rates):
 *
 *   R₁ − R₀ = (V₁ − V₀) × RPM₀  +  (RPM₁ − RPM₀) × V₁
 *
 * with R revenue, V views and RPM = R / V × 1,000, the fallen month (₁) against the average of the
 * months before it (₀). Pure: figures in, words out.
 */

/** The streams paid by the view, with the platform whose views they are paid for. */
const PAID_BY_THE_VIEW: Partial<Record<RevenueSource, string>> = {
  youtube_ads: 'youtube',
  tiktok_creator_rewards: 'tiktok',
};

export const viewsPlatformOf = (source: RevenueSource) => PAID_BY_THE_VIEW[source];

/** A part at least this share of the loss names the cause alone; under it, both are named. */
export const SOLE_CAUSE_SHARE = 0.75;
/** A change smaller than this either way is said to have held. */
export const HELD_WITHIN = 0.1;
/** Months of views before the fallen one that set the usual level (those with a whole month of days). */
const BASELINE_MONTHS = 3;
/** A month's views count when the daily figures cover at least this share of its days. */
const COVERED_SHARE = 0.9;

export type CauseKind = 'reach' | 'ad_rates' | 'both' | 'unknown';

export type Cause = {
  kind: CauseKind;
  /** The sentence the alert's description ends with. */
  sentence: string;
  /** What to do about it, by the cause. */
  advice: string | null;
};

const daysIn = (month: string) =>
  new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/** Views per calendar month from daily figures, for months whose days are (nearly) all there, scaled to the whole month. */
export function monthlyViews(days: Point[]): Map<string, number> {
  const months = new Map<string, { total: number; days: number }>();
  for (const day of days) {
    const month = day.at.slice(0, 7);
    const sum = months.get(month) ?? { total: 0, days: 0 };
    sum.total += day.value;
    sum.days += 1;
    months.set(month, sum);
  }
  const covered = new Map<string, number>();
  for (const [month, { total, days: count }] of months) {
    const length = daysIn(month);
    if (count >= length * COVERED_SHARE) covered.set(month, (total * length) / count);
  }
  return covered;
}

/**
 * Daily views from a platform's screenshots of a stated period ("Last 28 days": the key
 * `<platform>:views:total:28`): each reading spread evenly over the days it covers, ending on the day it
 * was taken, a later reading (or a shorter period taken the same day) replacing an earlier one's days. A screenshot of the last 28 days taken at
 * each month's end covers nine in ten of the month's days, so the month counts.
 */
export function viewsFromScreenshots(figures: Map<string, Point[]>, platform: string): Point[] {
  const readings: { at: string; value: number; length: number }[] = [];
  for (const [key, points] of figures) {
    const period = new RegExp(`^${platform}:views:total:(\\d+)$`).exec(key);
    if (period) readings.push(...points.map((point) => ({ ...point, length: Number(period[1]) })));
  }
  // Oldest first; of two taken the same day, the shorter period (the closer look) last.
  readings.sort((a, b) => a.at.localeCompare(b.at) || b.length - a.length);
  const days = new Map<string, number>();
  for (const { at, value, length } of readings) {
    for (let back = 0; back < length; back += 1) days.set(addDays(at, -back), value / length);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([at, value]) => ({ at, value }));
}

const percent = (share: number) => `${Math.round(Math.abs(share) * 100)}%`;
const perThousand = (pencePerView: number) => `£${((pencePerView * 1000) / 100).toFixed(2)}`;

/** "Januaries", "Marches", "Octobers": a month's name for "most … ". */
function everyYear(month: string): string {
  const name = monthName(month);
  if (name.endsWith('ary')) return `${name.slice(0, -1)}ies`;
  return name.endsWith('ch') ? `${name}es` : `${name}s`;
}

export const viewsSaid = (share: number) =>
  Math.abs(share) < HELD_WITHIN ? 'Views held' : `Views ${share < 0 ? 'fell' : 'rose'} ${percent(share)}`;

function rateSaid(share: number, now: number, before: number): string {
  if (Math.abs(share) < HELD_WITHIN) return `revenue per 1,000 views held at ${perThousand(now)}`;
  return `revenue per 1,000 views ${share < 0 ? 'fell' : 'rose'} ${percent(share)} (${perThousand(now)}, against ${perThousand(before)})`;
}

export const REACH_ADVICE =
  'Fewer people were shown your videos: work through the reach tasks in your blueprint (post where your audience still sees you, and put your best videos on a second platform), and check which videos lost views in the platform’s analytics.';
const RATES_ADVICE =
  'Keep your content as it is: advertisers are paying less, not your audience leaving. Lean on the streams ad rates don’t touch (sponsors, products, memberships) from your blueprint.';

const BOTH_ADVICE =
  'Check which videos lost views in the platform’s analytics and work through the reach tasks in your blueprint; with ad rates down too, this is the month to grow the streams ad rates don’t touch (sponsors, products, memberships).';

/**
 * The cause of a fall in a stream paid by the view, from its monthly revenue in pence (the fallen month
 * last) and the platform's daily views. Null for a stream not paid by the view.
 */
export function causeOfFall(input: {
  source: RevenueSource;
  /** Complete months of the stream's revenue in pence, oldest first, the fallen month last. */
  revenue: Point[];
  /** The platform's views per day, oldest first, or none when the creator has not connected it. */
  dailyViews: Point[] | undefined;
  season: Season;
}): Cause | null {
  const platform = viewsPlatformOf(input.source);
  if (!platform) return null;
  const name = platformName(platform);
  const fallen = input.revenue.at(-1)!;
  const views = monthlyViews(input.dailyViews ?? []);
  const earlier = input.revenue
    .slice(0, -1)
    .filter((month) => month.at >= monthsBefore(fallen.at, 6) && views.has(month.at))
    .slice(-BASELINE_MONTHS);
  const viewsNow = views.get(fallen.at);
  if (!viewsNow || earlier.length === 0) {
    const missing = input.dailyViews?.length
      ? `Ballast has your ${name} views for too few whole months to tell whether this is reach or ad rates.`
      : `Ballast can’t tell whether this is reach or ad rates without your ${name} views: connect ${name} from your Health Check page, or upload a screenshot of the last 28 days' views at each month's end, and the next alert will say.`;
    return { kind: 'unknown', sentence: missing, advice: null };
  }
  const viewsBefore = earlier.reduce((sum, month) => sum + views.get(month.at)!, 0) / earlier.length;
  const revenueBefore = earlier.reduce((sum, month) => sum + month.value, 0) / earlier.length;
  if (!(viewsBefore > 0) || !(revenueBefore > 0)) {
    const sentence = `With no ${name} views or revenue in the months before, Ballast can’t yet tell whether this is reach or ad rates.`;
    return { kind: 'unknown', sentence, advice: null };
  }
  const seasonal = input.season.kind === 'usual' ? `, as it does most ${everyYear(fallen.at)}` : '';
  return splitFall({ viewsBefore, viewsNow, revenueBefore, revenueNow: fallen.value }, seasonal);
}

/** Views and revenue (pence) before a fall and during it: a month's or a day's, alike. */
export type FallFigures = {
  viewsBefore: number;
  viewsNow: number;
  revenueBefore: number;
  revenueNow: number;
};

/**
 * Reach, ad rates or both, from the exact split of a fall in revenue (the formula above), in words with
 * its numbers. `seasonal` joins an ad-rate sentence when the month falls like this most years.
 */
export function splitFall(figures: FallFigures, seasonal = ''): Cause {
  const { viewsBefore, viewsNow, revenueBefore, revenueNow } = figures;
  const rateBefore = revenueBefore / viewsBefore;
  const rateNow = revenueNow / viewsNow;
  const reachPart = (viewsNow - viewsBefore) * rateBefore;
  const ratePart = (rateNow - rateBefore) * viewsNow;
  const loss = revenueBefore - revenueNow;
  const viewsWords = viewsSaid(viewsNow / viewsBefore - 1);
  const rate = rateSaid(rateNow / rateBefore - 1, rateNow, rateBefore);
  if (loss > 0 && -reachPart >= loss * SOLE_CAUSE_SHARE) {
    const sentence = `${viewsWords} and ${rate}, so this is reach: fewer people saw your videos.`;
    return { kind: 'reach', sentence, advice: REACH_ADVICE };
  }
  if (loss > 0 && -ratePart >= loss * SOLE_CAUSE_SHARE) {
    const sentence = `${viewsWords}; ${rate}${seasonal}: advertisers, not the algorithm.`;
    return { kind: 'ad_rates', sentence, advice: RATES_ADVICE };
  }
  return {
    kind: 'both',
    sentence: `${viewsWords} and ${rate}: fewer people saw your videos and advertisers paid less for each view.`,
    advice: BOTH_ADVICE,
  };
}
