/**
 * Drop detection on a creator's own numbers (docs/scoring.md, Alerts). Pure: a series in, a finding
 * out. A point is a drop when it is both big (at least 20% under the baseline) and unlikely (at least
 * four robust standard deviations under it), so ordinary noise does not alert and a real fall does at
 * the first point that shows it. 20%, not 30%: a 30% fall seen through day-to-day noise can show as 22%.
 */

export type Point = { at: string; value: number };

export type Drop = {
  at: string;
  value: number;
  baseline: number;
  /** 0–1: how far under the baseline. */
  dropShare: number;
  severity: 'critical' | 'high' | 'medium';
};

export const MIN_DROP_SHARE = 0.2;
export const HIGH_DROP_SHARE = 0.3;
export const CRITICAL_DROP_SHARE = 0.5;
export const MIN_ROBUST_Z = 4.25;
/**
 * Day-to-day figures are never steadier than this share of their level (and a MAD from a few weeks of
 * data can read lower by chance), so the spread is taken as at least 5%.
 */
const MIN_NOISE_SHARE = 0.05;
const MAD_TO_SIGMA = 1.4826;

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const spreadOf = (residuals: number[]) => median(residuals.map(Math.abs)) * MAD_TO_SIGMA;

/** A drop when the latest point is both far enough and unlikely enough under the center. */
export function judge(latest: Point, center: number, spread: number): Drop | null {
  if (!(center > 0)) return null;
  const sigma = Math.max(spread, center * MIN_NOISE_SHARE);
  const dropShare = (center - latest.value) / center;
  const z = (center - latest.value) / sigma;
  if (dropShare < MIN_DROP_SHARE || z < MIN_ROBUST_Z) return null;
  return {
    at: latest.at,
    value: latest.value,
    baseline: center,
    dropShare,
    severity:
      dropShare >= CRITICAL_DROP_SHARE ? 'critical' : dropShare >= HIGH_DROP_SHARE ? 'high' : 'medium',
  };
}

const WEEKS_FOR_WEEKDAYS = 8;
/** A weekly pattern is used when it leaves at most this share of the plain spread. */
const WEEKLY_PATTERN_GAIN = 0.7;
/** Four weeks of daily figures before anything is judged. */
export const MIN_HISTORY_DAYS = 28;

/**
 * Daily figures (views, reach, earnings per day), oldest first. With eight weeks of history the
 * baseline is the median of the same weekday over those weeks (a Sunday is compared with Sundays) and
 * the noise is measured on every day's distance from its own weekday's median; with less, both come
 * from the previous 28 days (the noise from up to 56). Fewer than 28 earlier points: no judgement.
 */
export function detectDailyDrop(series: Point[]): Drop | null {
  if (series.length < MIN_HISTORY_DAYS + 1) return null;
  const latest = series.at(-1)!;
  const earlier = series.slice(0, -1).map((point) => point.value);
  const recent = earlier.slice(-WEEKS_FOR_WEEKDAYS * 7);
  // The level from the last four weeks; the noise from up to eight, for a steadier estimate.
  const center = median(earlier.slice(-MIN_HISTORY_DAYS));
  const plainSpread = spreadOf(recent.map((value) => value - center));
  if (recent.length === WEEKS_FOR_WEEKDAYS * 7) {
    // recent[i] falls on the latest point's weekday when (recent.length - i) is a multiple of 7.
    const byWeekday = Array.from({ length: 7 }, (_, offset) =>
      recent.filter((_, index) => (recent.length - index) % 7 === offset),
    );
    const centers = byWeekday.map(median);
    const weekdaySpread = spreadOf(
      recent.map((value, index) => value - centers[(recent.length - index) % 7]!),
    );
    // A weekly pattern only when it explains a good part of the variation; noise alone would fit
    // seven medians a little and make the spread look smaller than it is.
    if (weekdaySpread < plainSpread * WEEKLY_PATTERN_GAIN) return judge(latest, centers[0]!, weekdaySpread);
  }
  return judge(latest, center, plainSpread);
}

/** A month (or a reading without a stated period) is judged against at least three before it. */
export const MIN_MONTHS = 4;

/**
 * Monthly revenue of one source, oldest first, complete months only: the latest month against the
 * median of up to six before it (at least three).
 */
export function detectMonthlyDrop(months: Point[]): Drop | null {
  if (months.length < MIN_MONTHS) return null;
  const latest = months.at(-1)!;
  const history = months.slice(-7, -1).map((point) => point.value);
  const center = median(history);
  // Months are few: the spread floor (5%) usually decides, so a fall of 20% or more alerts.
  return judge(latest, center, spreadOf(history.map((value) => value - center)));
}

/** The month's pace is judged from its 7th day: fewer days are too few to tell a fall from timing. */
export const MIN_PACE_DAYS = 7;

/**
 * Revenue of one source so far this month against the same days of recent months (`months` oldest
 * first, this month last, each the sum of days 1 to `dayOfMonth`): the same judgement as complete
 * months, so a fall in early November is seen in November, not December. A source with nothing yet
 * this month is left to the complete-month check: typed revenue often arrives at the month's end, and
 * "not entered yet" must not read as "fell to nothing".
 */
export function detectPaceDrop(months: Point[], dayOfMonth: number): Drop | null {
  if (dayOfMonth < MIN_PACE_DAYS || !(months.at(-1)!.value > 0)) return null;
  return detectMonthlyDrop(months);
}
