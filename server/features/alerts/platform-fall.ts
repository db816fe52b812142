import { severityRank } from '@common/alert-labels';
import { addDays, formatDateInWords, formatDayAndMonth } from '@common/calendar';
import { metricLabel, platformName } from '@common/platforms';
import { type Cause, HELD_WITHIN, REACH_ADVICE, splitFall, viewsSaid } from './cause';
import { type Drop, detectDailyDrop, MIN_DROP_SHARE, type Point } from './detection';
import type { NewAlert } from './store';

/**
 * One alert for one fall on a connected platform (docs/scoring.md, "One fall, one alert"): views, watch
 * time and estimated revenue that fall over the same days are one alert, told in pounds when money
 * fell, with its cause in numbers. Pure: the platform's daily figures and the drops found in them in,
 * the alert out.
 */

/** The order a fall is told in: money first, then reach, then watch time, then the rest. */
const LEADS = ['revenue', 'views', 'watch_time_hours'];
/** Days before a fall began that set its usual level. */
const BEFORE_DAYS = 28;
/** A fall is dated from the first of the run of days this far under the usual level. */
const UNDER_SHARE = 1 - MIN_DROP_SHARE;
/** A month of a daily shortfall, for the money at stake. */
const DAYS_A_MONTH = 30;

export const whole = (value: number) => Math.round(value).toLocaleString('en-GB');

/** A day's figure with its unit: "£108", "£4.35", "2,700 hours", "41,000". */
function amountOf(metric: string, value: number): string {
  if (metric === 'revenue') return value < 10 ? `£${value.toFixed(2)}` : `£${whole(value)}`;
  if (metric === 'watch_time_hours') return `${whole(value)} hours`;
  return whole(value);
}

/** What the platform calls "estimated revenue" is its revenue here; "watch time (hours)" its watch time. */
const NAMES: Record<string, string> = { revenue: 'revenue', watch_time_hours: 'watch time' };
export const nameOf = (metric: string) => NAMES[metric] ?? metricLabel(metric).toLowerCase();

const mean = (points: Point[]) => points.reduce((sum, point) => sum + point.value, 0) / points.length;

/** The day the fall began: the first of the days up to the latest that all sit well under the usual. */
function fallStart(points: Point[], drop: Drop): string {
  let index = points.length - 1;
  const earliest = Math.max(0, points.length - BEFORE_DAYS);
  while (index > earliest && points[index - 1]!.value <= drop.baseline * UNDER_SHARE) index -= 1;
  return points[index]!.at;
}

type Level = { before: number; now: number };

/** A figure's average a day since the fall began, against the days before it; null without both. */
function levelOf(points: Point[] | undefined, since: string, latest: string): Level | null {
  if (!points) return null;
  const from = addDays(since, -BEFORE_DAYS);
  const before = points.filter((point) => point.at >= from && point.at < since);
  const during = points.filter((point) => point.at >= since && point.at <= latest);
  if (before.length === 0 || during.length === 0) return null;
  return { before: mean(before), now: mean(during) };
}

const fell = (level: Level | null) => level !== null && level.now < level.before * (1 - HELD_WITHIN);

/** Why it fell, on every figure the platform gave: reach, ad rates, both, or why it can't tell yet. */
function causeOf(name: string, levels: Map<string, Level | null>): Cause {
  const views = levels.get('views') ?? null;
  const revenue = levels.get('revenue') ?? null;
  const watch = levels.get('watch_time_hours') ?? null;
  if (views && views.before > 0 && revenue && revenue.before > 0 && fell(revenue)) {
    // Pence, as the monthly split reads them: revenue per 1,000 views in pounds and pence.
    return splitFall({
      viewsBefore: views.before,
      viewsNow: views.now,
      revenueBefore: revenue.before * 100,
      revenueNow: revenue.now * 100,
    });
  }
  if (views && views.before > 0 && fell(views)) {
    const held = revenue && !fell(revenue) ? ', though your revenue held' : '';
    const sentence = `${viewsSaid(views.now / views.before - 1)}${held}, so this is reach: fewer people saw your videos.`;
    return { kind: 'reach', sentence, advice: REACH_ADVICE };
  }
  if (revenue && fell(revenue)) {
    const sentence = `Ballast can’t tell yet whether this is reach or ad rates, because ${name} sent no daily views for these days.`;
    return { kind: 'unknown', sentence, advice: null };
  }
  if (watch && fell(watch) && views) {
    const sentence = `${viewsSaid(views.now / views.before - 1)} while watch time fell ${Math.round((1 - watch.now / watch.before) * 100)}%: people watched less of each video. Ballast can’t tell yet whether the algorithm is behind it, because your views did not fall with it.`;
    return { kind: 'unknown', sentence, advice: null };
  }
  return {
    kind: 'unknown',
    sentence: `Ballast can’t tell the cause yet, because ${name} gave no views or revenue for these days.`,
    advice: null,
  };
}

/**
 * The one alert for a platform whose daily figures fell (`drops`, by metric, from detectDailyDrop on
 * `series`), or null when none did. Its cause key is the platform's, so a fall that spreads from views
 * to revenue stays one alert, revised as it develops.
 */
export function platformFallAlert(
  userId: string,
  platform: string,
  series: Map<string, Point[]>,
  drops: Map<string, Drop>,
): NewAlert | null {
  if (drops.size === 0) return null;
  const lead = LEADS.find((metric) => drops.has(metric)) ?? [...drops.keys()][0]!;
  const drop = drops.get(lead)!;
  const since = fallStart(series.get(lead)!, drop);
  const name = platformName(platform);
  const told = [...new Set([lead, ...LEADS])].filter((metric) => series.has(metric));
  const levels = new Map(told.map((metric) => [metric, levelOf(series.get(metric), since, drop.at)]));
  const level = levels.get(lead) ?? { before: drop.baseline, now: drop.value };
  const short = level.before - level.now;
  const share = Math.round((short / level.before) * 100);
  const label = nameOf(lead);
  const verb = label.endsWith('s') ? 'are' : 'is';
  const figures = told.flatMap((metric) => {
    const each = levels.get(metric);
    return each
      ? [
          `${nameOf(metric)} ${amountOf(metric, each.now)} a day against a usual ${amountOf(metric, each.before)}`,
        ]
      : [];
  });
  const cause = causeOf(name, levels);
  const revenue = levels.get('revenue');
  const revenueShort = revenue && fell(revenue) ? revenue.before - revenue.now : 0;
  return {
    userId,
    cause: `metric:${platform}:fall`,
    severity: drop.severity,
    platform,
    title: `${name} ${label} ${verb} ${amountOf(lead, short)} a day below usual (−${share}%) since ${formatDayAndMonth(since)}`,
    description: `Since ${formatDateInWords(since)}: ${figures.join('; ')}. ${cause.sentence}`,
    impactDescription:
      revenueShort > 0
        ? `At this rate ${name} pays about £${whole(revenueShort * DAYS_A_MONTH)} a month less than usual.`
        : cause.kind === 'reach'
          ? `Reach on ${name} drives the income it pays: expect less from it while this lasts.`
          : null,
    mitigationStrategy:
      cause.advice ??
      'Look for a change in how your recent posts are distributed, and move your most engaged viewers to something you own.',
    atStakePence: revenueShort > 0 ? Math.round(revenueShort * DAYS_A_MONTH * 100) : null,
    fallPercent: share,
  };
}

/**
 * Every platform fall in a creator's synced daily figures (keyed `<platform>:<metric>`): one alert a
 * platform, with its fall in views when views fell (for the comparison with other creators).
 */
export function platformFalls(userId: string, daily: Map<string, Point[]>) {
  const byPlatform = new Map<string, { series: Map<string, Point[]>; drops: Map<string, Drop> }>();
  for (const [key, points] of daily) {
    const [platform, metric] = key.split(':') as [string, string];
    const figures = byPlatform.get(platform) ?? { series: new Map(), drops: new Map() };
    figures.series.set(metric, points);
    const drop = detectDailyDrop(points);
    if (drop) figures.drops.set(metric, drop);
    byPlatform.set(platform, figures);
  }
  return [...byPlatform].flatMap(([platform, { series, drops }]) => {
    const alert = platformFallAlert(userId, platform, series, drops);
    return alert ? [{ alert, views: drops.get('views') }] : [];
  });
}

/**
 * A stream's complete month that fell (`stream`, a `revenue:<source>` alert) on a platform whose days
 * already tell a fall (`fall`): the month is said in the platform's alert, which takes the more severe
 * of the two and the larger sum at stake, instead of a second alert for the same fall.
 */
export function joinStreamFall(fall: NewAlert, stream: NewAlert) {
  // Its first sentence: "November 2026 brought £2,310 from YouTube Ads, against £3,020 in a typical
  // recent month." The cause after it is the platform alert's own, told from the same days.
  const [month] = stream.description.split('. ');
  fall.description = `${fall.description} ${month!.replace(/\.$/, '')}.`;
  if (severityRank(stream.severity) < severityRank(fall.severity)) fall.severity = stream.severity;
  fall.atStakePence = Math.max(fall.atStakePence ?? 0, stream.atStakePence ?? 0) || null;
}
