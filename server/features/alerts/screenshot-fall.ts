import { addDays, daysBetween, formatDateInWords } from '@common/calendar';
import { platformName } from '@common/platforms';
import { REACH_ADVICE, viewsSaid } from './cause';
import {
  type Drop,
  detectMonthlyDrop,
  HIGH_DROP_SHARE,
  judge,
  MIN_MONTHS,
  median,
  type Point,
  spreadOf,
} from './detection';
import { nameOf, whole } from './platform-fall';
import type { NewAlert } from './store';

/**
 * Falls seen in screenshots (docs/scoring.md, "Screenshots, from the first"). A screenshot states a
 * period's total ("Last 28 days: 21,000 views"), and often its change against the period before
 * ("↓ 35%"). The figure is compared with the same period before it: as the screen states it, or
 * earlier screenshots whose period ended before this one began, or the creator's synced days of that
 * period. Pure.
 */

/** A screenshot's figure, with the change its screen states beside it (percent), where it does. */
export type ScreenshotPoint = Point & { statedChange?: number | null };

/** With fewer earlier periods than this, there is no spread to judge by: only a fall this deep alerts. */
const FEW_PERIODS = 3;
/** Up to this many earlier periods set the usual level. */
const PERIODS_KEPT = 6;
/** Synced days count for a period when they cover this share of it. */
const COVERED_SHARE = 0.9;
/** A platform's figures in the order a fall is told: reach first. */
const LEADS = ['views', 'watch_time_hours', 'reach', 'impressions'];

const unitOf = (metric: string, value: number) =>
  metric === 'watch_time_hours' ? `${whole(value)} hours` : `${whole(value)} ${nameOf(metric)}`;

type Finding = {
  metric: string;
  days: number;
  drop: Drop;
  /** Where the usual level came from, in words. */
  against: string;
};

/** The synced total of the `days` days before `latest`'s own period, or null when too few are there. */
function syncedPeriodBefore(daily: Point[] | undefined, at: string, days: number): number | null {
  if (!daily) return null;
  const to = addDays(at, -days);
  const from = addDays(to, 1 - days);
  const inPeriod = daily.filter((point) => point.at >= from && point.at <= to);
  if (inPeriod.length < days * COVERED_SHARE) return null;
  return (inPeriod.reduce((sum, point) => sum + point.value, 0) * days) / inPeriod.length;
}

/**
 * The screen's own comparison: the period before, as the platform counted it, from the change it
 * states ("↓ 35%" beside 33,800 views: 52,000 before). One period, so only a fall as deep as one
 * against a single earlier screenshot counts.
 */
function statedFinding(metric: string, days: number, latest: ScreenshotPoint): Finding | null {
  const change = latest.statedChange;
  if (change === null || change === undefined || change <= -100) return null;
  const before = latest.value / (1 + change / 100);
  const drop = judge(latest, before, 0);
  if (!drop || drop.dropShare < HIGH_DROP_SHARE) return null;
  const stated = `${change < 0 ? '↓' : '↑'} ${Math.abs(change).toLocaleString('en-GB')}%`;
  return { metric, days, drop, against: `the ${days} days before, as the screen states (${stated})` };
}

/** The latest screenshot of one period against the periods before it; null when it did not fall. */
function findingOf(
  metric: string,
  days: number,
  points: ScreenshotPoint[],
  kind: string,
  daily: Point[] | undefined,
): Finding | null {
  const latest = points.at(-1)!;
  // Only a total falls. A change over the period smaller than the last one ("+96" subscribers after
  // "+402") is slower growth, not fewer subscribers, and a fall said of it would tell the creator her
  // subscribers fell while they grew; nor is a change's change ("+311 subscribers, 2% less than
  // previous") a fall of the account.
  if (kind !== 'total') return null;
  // The platform's own figure for the period before comes first: it counted every day of it.
  const stated = statedFinding(metric, days, latest);
  if (stated) return stated;
  // Only periods that ended before this one began: an overlapping one shares its days.
  const earlier = points
    .slice(0, -1)
    .filter((point) => point.at <= addDays(latest.at, -days))
    .slice(-PERIODS_KEPT)
    .map((point) => point.value);
  let against = `your ${earlier.length === 1 ? 'screenshot' : 'screenshots'} of the ${days} days before`;
  if (earlier.length === 0) {
    const synced = syncedPeriodBefore(daily, latest.at, days);
    if (synced === null) return null;
    earlier.push(synced);
    against = `your synced days of the ${days} days before`;
  }
  const center = median(earlier);
  const drop = judge(latest, center, spreadOf(earlier.map((value) => value - center)));
  // One or two earlier periods give no spread: a fall must be deep enough to stand out from an ordinary
  // month's movement; with three or more, the spread floor decides (as months of revenue).
  if (!drop || (earlier.length < FEW_PERIODS && drop.dropShare < HIGH_DROP_SHARE)) return null;
  return { metric, days, drop, against };
}

/** What the screen's figure says of why: views are reach; the rest can't tell the cause alone. */
function causeOf(finding: Finding, name: string) {
  if (finding.metric === 'views') {
    const sentence = `${viewsSaid(-finding.drop.dropShare)}, so this is reach: fewer people saw your posts.`;
    return { sentence, advice: REACH_ADVICE, isReach: true };
  }
  const sentence = `Ballast can’t tell the cause from this figure alone, because a screenshot of ${name} shows no views or revenue beside it: a screenshot of the same period's views would tell it.`;
  return { sentence, advice: null, isReach: false };
}

/**
 * One alert a platform for falls in its screenshot figures (`<platform>:<metric>:<kind>:<days>` series,
 * oldest first), with the synced days to compare a first screenshot with. Platforms in `skip` (a fall
 * already told from their synced figures) add nothing.
 */
export function screenshotFalls(
  userId: string,
  screenshots: Map<string, ScreenshotPoint[]>,
  daily: Map<string, Point[]>,
  skip: Set<string>,
): NewAlert[] {
  const byPlatform = new Map<string, Finding[]>();
  for (const [key, points] of screenshots) {
    const [platform, metric, kind, period] = key.split(':') as [string, string, string, string];
    if (skip.has(platform)) continue;
    const days = Number(period);
    const finding = Number.isInteger(days)
      ? findingOf(metric, days, points, kind, daily.get(`${platform}:${metric}`))
      : lifetimeFinding(metric, points);
    if (finding) byPlatform.set(platform, [...(byPlatform.get(platform) ?? []), finding]);
  }
  return [...byPlatform].map(([platform, findings]) => {
    const rank = (finding: Finding) => {
      const index = LEADS.indexOf(finding.metric);
      return index < 0 ? LEADS.length : index;
    };
    const [lead] = [...findings].sort((a, b) => rank(a) - rank(b) || b.drop.dropShare - a.drop.dropShare);
    const name = platformName(platform);
    const share = Math.round(lead!.drop.dropShare * 100);
    const figures = findings.map(
      ({ metric, days, drop, against }) =>
        `${unitOf(metric, drop.value)} in the ${days} days to ${formatDateInWords(drop.at)}, against ${unitOf(metric, drop.baseline)} in ${against}`,
    );
    const cause = causeOf(lead!, name);
    return {
      userId,
      cause: `metric:${platform}:fall`,
      severity: lead!.drop.severity,
      platform,
      fallPercent: share,
      title: `${name} ${nameOf(lead!.metric)} fell ${share}% over ${lead!.days} days`,
      description: `Your screenshots show ${figures.join('; ')}. ${cause.sentence}`,
      impactDescription: cause.isReach
        ? `Reach on ${name} drives the income it pays: expect less from it while this lasts.`
        : null,
      mitigationStrategy:
        cause.advice ??
        'Look for a change in how your recent posts are distributed, and move your most engaged viewers to something you own.',
    };
  });
}

/**
 * A figure whose screen states no period of days ("total:unknown"): readings at irregular times, so only
 * from the fourth, as months of revenue (detectMonthlyDrop), told over the days between the last two.
 */
function lifetimeFinding(metric: string, points: Point[]): Finding | null {
  if (points.length < MIN_MONTHS) return null;
  const drop = detectMonthlyDrop(points);
  if (!drop) return null;
  const before = points.at(-2)!.at;
  const days = Math.max(1, daysBetween(before, drop.at));
  return { metric, days, drop, against: 'your screenshots before it' };
}
