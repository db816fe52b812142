import { addDays, daysBetween, lastDayOf, monthOf, monthsBefore } from '@common/calendar';
import type { RevenueSource } from '@common/revenue';

/**
 * When each stream's money comes in, learnt from the creator's own history, and which of the latest
 * months are in (docs/scoring.md#when-a-month-is-in). Pure: a source's months in, states out.
 *
 * A month is complete when its money is in, not when the calendar turns: AdSense pays October around
 * 21 November, a sponsor 30 days after the video. So on 1 December November is not "a month of £0";
 * its streams are awaited until the day each usually arrives, plus a margin.
 */

/** One source's entries dated in one month. */
export type SourceMonth = {
  source: RevenueSource;
  /** 'YYYY-MM' the entries are dated in. */
  month: string;
  pence: number;
  entries: number;
  /** The London day the first of them was recorded (typed, imported or synced). */
  firstRecorded: string;
};

/** A stream missing from one of the latest months: still awaited, or its usual day well past. */
export type PendingStream = {
  source: RevenueSource;
  month: string;
  state: 'awaited' | 'missing';
  /** What the stream usually brings in a month (the median of its last three), in pence. */
  usualPence: number;
  /** The day its money usually arrives by. */
  usuallyBy: string;
};

/** How a stream's money arrives: dated by the month earned (it arrives after it) or the day paid. */
export type Arrival = {
  datedBy: 'earned' | 'paid';
  /** Days after the end of the month its entries are dated in that the money usually arrives. */
  lag: number;
  /** Months whose recording showed the lag (0: the default lag was assumed). */
  observed: number;
};

/** Days past the usual arrival before an awaited stream counts as missing: payouts slip by a weekend and a bank's days. */
export const ARRIVAL_MARGIN_DAYS = 5;
/**
 * A month counts as recorded "as it came" when its first entry was written within this many days of
 * the month's end: a month recorded later was caught up (an import of last year's file) and says nothing
 * about when its money arrives.
 */
export const AS_IT_CAME_DAYS = 45;
/** With no month recorded as it came: the 25th of the next month, after the usual payouts (AdSense around the 21st). */
export const DEFAULT_LAG_DAYS = 25;
/** The latest complete months whose streams are judged; older months are taken as recorded. */
export const JUDGED_MONTHS = 2;
/**
 * A stream is expected in a month when it brought money in each of the three months before it: a
 * one-off sale, a stream that paused or one just begun is not awaited (a lumpy stream's gaps are
 * judged over quarters by the alerts instead).
 */
const EXPECTED_AFTER_MONTHS = 3;
/** Months of history its arrival is learnt from. */
const LEARNT_FROM_MONTHS = 12;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * When a source's money usually arrives, from the months before `month` that were recorded as they came.
 * `startDay` is the creator's first day of recording: what she typed or imported that day was what she
 * already had (October typed on 1 December, 31 days after it ended), so it says nothing of when money
 * arrives and teaches no rhythm.
 */
export function arrivalOf(months: SourceMonth[], month: string, startDay = ''): Arrival {
  const from = monthsBefore(month, LEARNT_FROM_MONTHS);
  const lags = months
    .filter((row) => row.month < month && row.month >= from && row.pence > 0 && row.firstRecorded > startDay)
    .map((row) => daysBetween(lastDayOf(row.month), row.firstRecorded))
    .filter((lag) => lag <= AS_IT_CAME_DAYS);
  const lag = lags.length > 0 ? median(lags) : DEFAULT_LAG_DAYS;
  return { datedBy: lag > 0 ? 'earned' : 'paid', lag, observed: lags.length };
}

/**
 * The state of one source in `month` (a complete month): null when it is recorded or not expected;
 * otherwise awaited or missing, with what it usually brings and by when.
 */
export function pendingIn(
  months: SourceMonth[],
  month: string,
  today: string,
  startDay = '',
): PendingStream | null {
  if (months.some((row) => row.month === month && row.entries > 0)) return null;
  const before = Array.from({ length: EXPECTED_AFTER_MONTHS }, (_, index) => monthsBefore(month, index + 1));
  const paid = months
    .filter((row) => before.includes(row.month) && row.pence > 0)
    .sort((a, b) => b.month.localeCompare(a.month));
  if (paid.length < EXPECTED_AFTER_MONTHS) return null;
  const arrival = arrivalOf(months, month, startDay);
  const usuallyBy = addDays(lastDayOf(month), arrival.lag);
  return {
    source: paid[0]!.source,
    month,
    state: today <= addDays(usuallyBy, ARRIVAL_MARGIN_DAYS) ? 'awaited' : 'missing',
    usualPence: median(paid.map((row) => row.pence)),
    usuallyBy,
  };
}

/** The latest complete months' streams not in yet, oldest month first, from every source's months. */
export function pendingStreams(rows: SourceMonth[], today: string): PendingStream[] {
  const bySource = new Map<RevenueSource, SourceMonth[]>();
  for (const row of rows) bySource.set(row.source, [...(bySource.get(row.source) ?? []), row]);
  const judged = Array.from({ length: JUDGED_MONTHS }, (_, index) =>
    monthsBefore(monthOf(today), JUDGED_MONTHS - index),
  );
  // The creator's first day of recording, across every source (arrivalOf).
  const startDay = rows.map((row) => row.firstRecorded).sort()[0] ?? '';
  const pending: PendingStream[] = [];
  for (const month of judged) {
    for (const months of bySource.values()) {
      const stream = pendingIn(months, month, today, startDay);
      if (stream) pending.push(stream);
    }
  }
  return pending;
}

/**
 * The latest complete month whose streams are all in (none awaited or missing): the month the one
 * monthly income's window ends with. Months after it are shown apart, never averaged as £0.
 */
export function lastMonthIn(pending: PendingStream[], today: string): string {
  let month = monthsBefore(monthOf(today), 1);
  while (pending.some((stream) => stream.month === month)) month = monthsBefore(month, 1);
  return month;
}
