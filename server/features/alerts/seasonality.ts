import { type Drop, detectMonthlyDrop, judge, median, type Point, spreadOf } from './detection';

/** How a month's fall compares with the same month in earlier years. */
export type Season =
  /** Under 13 months of the source: no earlier year to compare with. */
  | { kind: 'short'; months: number }
  /** The same month did not fall in earlier years: the fall is new. */
  | { kind: 'new' }
  /**
   * The same month usually falls: by `usualFall` against the month before it (`previousMonth`), and
   * `beyond` is how far this one falls under even that (null when it does not).
   */
  | { kind: 'usual'; usualFall: number; previousMonth: string | null; beyond: number | null };

export type MonthlyDrop = Drop & { season: Season };

/** Months of a source before earlier years can be compared (the same month a year back, and this one). */
export const SEASON_MIN_MONTHS = 13;
/** The same month counts as usually lower when it sat at least this far under its months around it. */
const SEASONAL_FALL = 0.1;
/** Months around an earlier year's month that set its level. */
const LEVEL_MONTHS = 6;

const values = (points: Point[]) => points.map((point) => point.value);

/**
 * Monthly revenue of one source, oldest first, complete months only (docs/scoring.md "Seasons"). A fall
 * against recent months (detectMonthlyDrop) is then compared with the same month in earlier years: when
 * that month usually sits under its recent months too, the fall is judged against that usual level, and
 * one no deeper than usual is at most medium.
 */
export function detectSeasonalMonthlyDrop(months: Point[]): MonthlyDrop | null {
  const drop = detectMonthlyDrop(months);
  if (!drop) return null;
  if (months.length < SEASON_MIN_MONTHS) return { ...drop, season: { kind: 'short', months: months.length } };
  const latest = months.length - 1;
  const levels: number[] = [];
  const againstPrevious: number[] = [];
  for (let index = latest - 12; index >= 0; index -= 12) {
    const value = months[index]!.value;
    const before = values(months.slice(Math.max(0, index - LEVEL_MONTHS), index));
    // The oldest year may have no months before it: the months after it set its level instead.
    const around = before.length >= 3 ? before : values(months.slice(index + 1, index + 1 + LEVEL_MONTHS));
    const level = median(around);
    if (level > 0) levels.push(value / level);
    const previous = months[index - 1]?.value;
    if (previous) againstPrevious.push(value / previous);
  }
  const usual = levels.length ? median(levels) : 1;
  if (usual > 1 - SEASONAL_FALL) return { ...drop, season: { kind: 'new' } };
  const history = values(months.slice(-7, -1));
  const spread = spreadOf(history.map((value) => value - drop.baseline));
  const beyond = judge(months[latest]!, drop.baseline * usual, spread);
  // Said against the month before when that month is usually higher; a seasonal low that usually rises
  // from an even lower month (February after January) is said against the months around it instead.
  const isBelowPrevious = againstPrevious.length > 0 && median(againstPrevious) < 1;
  const usualFall = 1 - (isBelowPrevious ? median(againstPrevious) : usual);
  return {
    ...drop,
    severity: beyond?.severity ?? 'medium',
    season: {
      kind: 'usual',
      usualFall,
      previousMonth: isBelowPrevious ? months[latest - 1]!.at : null,
      beyond: beyond?.dropShare ?? null,
    },
  };
}
