import {
  formatDayAndMonth,
  formatMonthInWords,
  formatMonthSpan,
  monthName,
  ordinalDay,
} from '@common/calendar';
import { type RevenueSource, sourceLabel, sourcePlatform } from '@common/revenue';
import type { IncomeWindow } from '../revenue/public';
import { type Cause, causeOfFall, viewsFromScreenshots } from './cause';
import { type Drop, detectPaceDrop, median, type Point } from './detection';
import { QUARTER_MONTHS, rhythmOf, rollingQuarters } from './rhythm';
import { detectSeasonalMonthlyDrop, type MonthlyDrop, type Season } from './seasonality';
import { type NewAlert, notRecordedCause } from './store';

/** The platform a source's income comes through, when it names one (common/revenue-sources.ts). */
export function platformOfSource(source: RevenueSource): string | undefined {
  const platform = sourcePlatform(source);
  return platform && platform !== 'primary' ? platform : undefined;
}

/** Pence (series.ts keeps money in whole pence) as rounded pounds, for an alert's words only. */
const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Critical is kept for falls that cost at least this share of the creator's monthly income (every
 * source's last three complete months, averaged): a 50% fall in a stream worth 3% of income is real
 * but not the alarm that should sit above everything else (docs/scoring.md, "Severity and order").
 */
export const CRITICAL_INCOME_SHARE = 0.15;

/** A fall's severity once weighed by the money it costs each month against the monthly income. */
export function severityByMoney(severity: Drop['severity'], atStakePence: number, income: number) {
  return severity === 'critical' && atStakePence < income * CRITICAL_INCOME_SHARE ? 'high' : severity;
}

/** What to do, by how the money arrives: a late deal is not a reach problem. */
function adviceFor(source: RevenueSource): string {
  if (rhythmOf(source) === 'lumpy') {
    return 'Follow up your pipeline: chase deals that are agreed but not yet paid, and ask the partners you usually work with about their next campaign.';
  }
  return platformOfSource(source) !== undefined
    ? 'Check the platform’s analytics for a reach change, and post where your audience still sees you.'
    : 'Contact your buyers or partners directly, and check whether a launch, price or link changed.';
}

/** What the same month in earlier years says about this fall, in words. */
function seasonSentence(season: Season, month: string, name: string): string {
  if (season.kind === 'short') {
    return ` With ${season.months} months of ${name} so far, Ballast can’t yet tell whether ${monthName(month)} dips every year.`;
  }
  if (season.kind === 'new') return ` ${monthName(month)} has not fallen like this in earlier years.`;
  const usually = season.previousMonth
    ? `${monthName(month)} is usually ${percent(season.usualFall)} below ${monthName(season.previousMonth)} for you`
    : `${monthName(month)} is usually ${percent(season.usualFall)} below the months before it for you`;
  return season.beyond === null
    ? ` ${usually}, so this fall is mostly the season.`
    : ` ${usually}, and this one is ${percent(season.beyond)} below even that.`;
}

type Weigh = {
  userId: string;
  income: number;
  /** The platforms' views per day ("youtube:views"), to tell reach from ad rates. */
  dailyMetrics?: Map<string, Point[]>;
  /** Figures read from screenshots ("youtube:views:total:28"), when a platform has no daily views. */
  screenshotFigures?: Map<string, Point[]>;
};

/**
 * A source's complete months, judged by its rhythm: a steady source month by month, a lumpy one by
 * rolling quarters (docs/scoring.md, "Each stream by its rhythm").
 */
export function completeMonthsAlert(
  { userId, income, dailyMetrics, screenshotFigures }: Weigh,
  source: RevenueSource,
  months: Point[],
): NewAlert | null {
  const isLumpy = rhythmOf(source) === 'lumpy';
  const judged = isLumpy ? rollingQuarters(months) : months;
  const found = detectSeasonalMonthlyDrop(judged);
  if (!found) return null;
  const drop: MonthlyDrop =
    isLumpy && found.season.kind === 'short'
      ? { ...found, season: { kind: 'short', months: months.length } }
      : found;
  const name = sourceLabel(source);
  const lost = drop.baseline - drop.value;
  const perMonth = Math.round(isLumpy ? lost / QUARTER_MONTHS : lost);
  const firstMonth = judged === months ? drop.at : months[months.length - QUARTER_MONTHS]!.at;
  const platform = platformOfSource(source) ?? '';
  const synced = dailyMetrics?.get(`${platform}:views`);
  const cause: Cause | null = causeOfFall({
    source,
    revenue: months,
    dailyViews: synced?.length ? synced : viewsFromScreenshots(screenshotFigures ?? new Map(), platform),
    season: drop.season,
  });
  const why = cause ? ` ${cause.sentence}` : '';
  return {
    userId,
    cause: `revenue:${source}`,
    severity: severityByMoney(drop.severity, perMonth, income),
    atStakePence: perMonth,
    fallPercent: Math.round(drop.dropShare * 100),
    platform: platformOfSource(source) ?? 'other',
    title: `${name} revenue fell ${percent(drop.dropShare)}`,
    description: isLumpy
      ? `${monthName(firstMonth)} to ${formatMonthInWords(drop.at)} brought ${pounds(drop.value)} from ${name}, against ${pounds(drop.baseline)} in a typical recent three months.${seasonSentence(drop.season, drop.at, name)}`
      : `${formatMonthInWords(drop.at)} brought ${pounds(drop.value)} from ${name}, against ${pounds(drop.baseline)} in a typical recent month.${seasonSentence(drop.season, drop.at, name)}${why}`,
    impactDescription: isLumpy
      ? `${pounds(lost)} less over three months: about ${pounds(perMonth)} a month.`
      : `${pounds(lost)} less this month; ${pounds(lost * 3)} over a quarter if it continues.`,
    mitigationStrategy: cause?.advice ?? adviceFor(source),
  };
}

/** A fall in pounds is "mostly the rate" when, at one rate, under half of it remains. */
export const RATE_SHARE = 0.5;

/**
 * A source that fell in pounds while the payments themselves held (no fall at one rate per currency):
 * the pound rose against what the creator is paid in. Said once as a low alert, so the fall a creator
 * sees in her totals is explained, never raised as a revenue fall (decision 047). `paid` and `inPounds`
 * are the source's complete months at one rate and at each entry's own rate.
 */
export function exchangeRateAlert(
  { userId }: Weigh,
  source: RevenueSource,
  paid: Point[],
  inPounds: Point[],
): NewAlert | null {
  const isLumpy = rhythmOf(source) === 'lumpy';
  const judge = (months: Point[]) => (isLumpy ? rollingQuarters(months) : months);
  const fall = detectSeasonalMonthlyDrop(judge(inPounds));
  if (!fall) return null;
  const inPoundsLost = fall.baseline - fall.value;
  const held = judge(paid);
  const paidBaseline = detectSeasonalMonthlyDrop(held) ? null : baselineOf(held);
  if (paidBaseline === null) return null;
  const paidLost = Math.max(0, paidBaseline - held.at(-1)!.value);
  if (paidLost >= inPoundsLost * RATE_SHARE) return null;
  const name = sourceLabel(source);
  const period = isLumpy ? 'three months' : 'month';
  const paidChange = paidBaseline > 0 ? paidLost / paidBaseline : 0;
  return {
    userId,
    cause: `revenue:${source}:exchange-rate`,
    severity: 'low',
    atStakePence: null,
    platform: platformOfSource(source) ?? 'other',
    title: `${name} fell ${percent(fall.dropShare)} in pounds: the exchange rate, not your sales`,
    description: `${isLumpy ? `The three months to ${formatMonthInWords(fall.at)}` : formatMonthInWords(fall.at)} brought ${pounds(fall.value)} from ${name} in pounds, against ${pounds(fall.baseline)} in a typical recent ${period}. In the currencies you were paid, it ${paidChange < 0.05 ? 'held' : `fell only ${percent(paidChange)}`}: the pound rose against them, so the same payments are worth less in pounds.`,
    impactDescription: `${pounds(inPoundsLost)} less in pounds, of which ${pounds(inPoundsLost - paidLost)} is the exchange rate.`,
    mitigationStrategy:
      'Nothing to change in your content or sales. If rates keep moving against you, price new deals in pounds where you can, or convert when rates suit you.',
  };
}

/** The median of up to six points before the latest: what a month is judged against (detection.ts). */
const baselineOf = (points: Point[]) => median(points.slice(-7, -1).map((point) => point.value));

/**
 * The month so far of a steady source against the same days of recent months. A lumpy source is never
 * judged by pace: one deal by the 26th against two in a usual month is timing, not a fall.
 */
export function paceAlert(
  { userId, income }: Weigh,
  source: RevenueSource,
  today: string,
  months: Point[],
): NewAlert | null {
  if (rhythmOf(source) === 'lumpy') return null;
  const day = Number(today.slice(8, 10));
  const drop = detectPaceDrop(months, day);
  if (!drop) return null;
  const name = sourceLabel(source);
  const behind = drop.baseline - drop.value;
  return {
    userId,
    cause: `revenue:${source}:pace`,
    severity: severityByMoney(drop.severity, behind, income),
    atStakePence: Math.round(behind),
    fallPercent: Math.round(drop.dropShare * 100),
    platform: platformOfSource(source) ?? 'other',
    title: `${name} revenue is ${percent(drop.dropShare)} behind its usual pace`,
    description: `This month so far (to the ${ordinalDay(day)}) brought ${pounds(drop.value)} from ${name}, against ${pounds(drop.baseline)} by the same day in a typical recent month.`,
    impactDescription: `${pounds(behind)} behind so far; more by the month’s end if it continues.`,
    mitigationStrategy: adviceFor(source),
  };
}

type PendingStream = IncomeWindow['pendingStreams'][number];

/**
 * A stream whose month is still not recorded well after its usual day (docs/scoring.md#when-a-month-is-in):
 * a low reminder with what it usually brings, never a fall. Awaited streams raise nothing.
 */
export function notRecordedAlert(
  userId: string,
  stream: PendingStream,
  window: Pick<IncomeWindow, 'firstMonth' | 'lastMonth'>,
): NewAlert {
  const name = sourceLabel(stream.source);
  const month = monthName(stream.month);
  const averaged = window.firstMonth && window.lastMonth && stream.month <= window.lastMonth;
  return {
    userId,
    cause: notRecordedCause(stream.source, stream.month),
    severity: 'low',
    atStakePence: stream.usualPence,
    platform: platformOfSource(stream.source) ?? 'other',
    title: `${name}: ${month} not recorded yet`,
    description: `Nothing from ${name} is recorded for ${formatMonthInWords(stream.month)}. It usually arrives by ${formatDayAndMonth(stream.usuallyBy)} and brings about ${pounds(stream.usualPence)}, so Ballast has not counted it as a fall.`,
    impactDescription: averaged
      ? `Your monthly income (${formatMonthSpan(window.firstMonth!, window.lastMonth!)}) counts ${month} with nothing from ${name} until it is in.`
      : `Your monthly income leaves ${month} out until it is in.`,
    mitigationStrategy: `If it came, add it. If ${name} brought nothing in ${month}, say so and ${month} counts as it is.`,
  };
}
