import type { FigurePeriod, FigureScope } from '@common/screenshots';

/**
 * What a screen's figures measure, from the text read on it (docs/benchmarks.md, how the reader came to be): the
 * period it states and whether it is one post's insights. Worked out from the development half of the
 * accuracy set; `npm run bench -- ocr` scores the period on both halves.
 */

/**
 * "Last 28 days", or its last letter cut off by a crop at the screen's edge ("Last 90 day"), or the
 * chip's chevron read as a letter glued to it ("Last 30 daysv"); "7 derniers jours" in French,
 * "Últimos 60 días" in Spanish, "Últimos 28 dias" in Portuguese (their accents perhaps lost), "Ultimi 7
 * giorni" in Italian.
 */
const LAST_DAYS =
  /(?<![\p{L}\d])(?:(?:last|past|letzte[n]?|[uú]ltimos|ultimi)\s+(\d{1,3})\s+(?:days?|tage?|d[ií]as|giorni)v?|(\d{1,3})\s+derniers\s+jours)(?![\p{L}\d])/iu;
/** A change against the period before ("8% less than previous 90 days"): the figures are the last 90. */
const PREVIOUS = String.raw`\b(?:previous|prior|vorherigen)\s+(\d{1,3})`;
const DAYS = '(?:days|tagen?)';
const PREVIOUS_DAYS = new RegExp(String.raw`${PREVIOUS}\s+${DAYS}\b`, 'i');
/** The same wrapped in a narrow card: the line ends at its count, and its "days" is a line of its own. */
const PREVIOUS_WRAPPED = new RegExp(`${PREVIOUS}$`, 'i');
const DAYS_ALONE = new RegExp(`^${DAYS}$`, 'i');
const NAMED_DAYS: Record<string, FigurePeriod> = {
  '7': 'last_7_days',
  '28': 'last_28_days',
  '30': 'last_30_days',
  '60': 'last_60_days',
  '90': 'last_90_days',
  '365': 'last_365_days',
};

/**
 * Months as the platforms shorten them in English, German, French, Spanish, Portuguese and Italian,
 * accents perhaps lost.
 */
const MONTHS: Record<string, number> = {
  jan: 1,
  janv: 1,
  ene: 1,
  gen: 1,
  feb: 2,
  fev: 2,
  févr: 2,
  fevr: 2,
  mar: 3,
  mär: 3,
  märz: 3,
  marz: 3,
  mars: 3,
  apr: 4,
  avr: 4,
  abr: 4,
  may: 5,
  mai: 5,
  mag: 5,
  jun: 6,
  juni: 6,
  juin: 6,
  giu: 6,
  jul: 7,
  juli: 7,
  juil: 7,
  lug: 7,
  aug: 8,
  août: 8,
  aout: 8,
  ago: 8,
  sep: 9,
  sept: 9,
  set: 9,
  oct: 10,
  okt: 10,
  out: 10,
  ott: 10,
  nov: 11,
  dec: 12,
  déc: 12,
  dez: 12,
  dic: 12,
};
const MONTH = '([a-zäéû]{3,4})\\.?';
const DASH = '\\s*[-–—]\\s*';
/**
 * "26 Oct – 22 Nov 2025", "1 Oct 2025 – 31 Oct 2025", "25. Okt. – 23. Nov.", or a day OCR ran into
 * its month ("3 janv. — 31janv.", "1feb - 28 feb").
 */
const DAY_FIRST = new RegExp(
  `\\b(\\d{1,2})\\.?\\s*${MONTH}(?:\\s+(\\d{4}))?${DASH}(\\d{1,2})\\.?\\s*${MONTH}(?:\\s+(\\d{4}))?`,
  'i',
);
/** "Oct 25 – Nov 23, 2025", "Sep 25 - Nov 23" */
const MONTH_FIRST = new RegExp(
  `\\b${MONTH}\\s+(\\d{1,2})(?:,?\\s+(\\d{4}))?${DASH}${MONTH}\\s+(\\d{1,2})(?:,?\\s+(\\d{4}))?`,
  'i',
);

const iso = (year: number, month: number, day: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/**
 * The dates a line states, as "custom_range:start/end". A range without its year ended on or before
 * the day the screenshot was taken, so it takes that year, or the one before.
 */
export function dateRangeIn(line: string, takenAt: Date): FigurePeriod | null {
  let parts: { d1: string; m1: string; y1?: string; d2: string; m2: string; y2?: string } | null = null;
  const dayFirst = DAY_FIRST.exec(line);
  if (dayFirst) {
    const [, d1, m1, y1, d2, m2, y2] = dayFirst as unknown as string[];
    parts = { d1: d1!, m1: m1!, y1, d2: d2!, m2: m2!, y2 };
  } else {
    const monthFirst = MONTH_FIRST.exec(line);
    if (!monthFirst) return null;
    const [, m1, d1, y1, m2, d2, y2] = monthFirst as unknown as string[];
    parts = { d1: d1!, m1: m1!, y1, d2: d2!, m2: m2!, y2 };
  }
  const month1 = MONTHS[parts.m1.toLowerCase()];
  const month2 = MONTHS[parts.m2.toLowerCase()];
  if (!month1 || !month2) return null;
  const day1 = Number(parts.d1);
  const day2 = Number(parts.d2);
  if (day1 < 1 || day1 > 31 || day2 < 1 || day2 > 31) return null;
  let endYear = Number(parts.y2 ?? parts.y1 ?? takenAt.getUTCFullYear());
  if (!parts.y2 && !parts.y1 && iso(endYear, month2, day2) > takenAt.toISOString().slice(0, 10)) endYear -= 1;
  const startYear = parts.y1 ? Number(parts.y1) : month1 > month2 ? endYear - 1 : endYear;
  const start = iso(startYear, month1, day1);
  const end = iso(endYear, month2, day2);
  return start <= end ? `custom_range:${start}/${end}` : null;
}

/**
 * The period a screen states, from its lines top to bottom: a "Last 28 days" chip or phrase first
 * (its dates beside it only spell it out), then "Lifetime", a calendar year ("in 2025", a chip that is
 * only the year), then dates, then a change against the previous N days (the figures are the last N);
 * "unknown" where it says none of these (a post's insights since it was posted).
 */
export function detectPeriod(lines: string[], takenAt: Date): FigurePeriod {
  for (const line of lines) {
    const stated = LAST_DAYS.exec(line);
    const days = stated?.[1] ?? stated?.[2];
    if (days && NAMED_DAYS[days]) return NAMED_DAYS[days]!;
  }
  for (const line of lines) {
    if (/^\W*lifetime\b/i.test(line)) return 'lifetime';
    const year = /\bin\s+(20\d\d)\b/i.exec(line)?.[1] ?? /^\W*(20\d\d)\s*[v⌄▾]?\s*$/.exec(line)?.[1];
    if (year) return `calendar_year:${Number(year)}`;
  }
  for (const line of lines) {
    const range = dateRangeIn(line, takenAt);
    if (range) return range;
  }
  const daysAlone = lines.some((line) => DAYS_ALONE.test(line.trim()));
  for (const line of lines) {
    const days =
      PREVIOUS_DAYS.exec(line)?.[1] ?? (daysAlone ? PREVIOUS_WRAPPED.exec(line.trim())?.[1] : undefined);
    if (days && NAMED_DAYS[days]) return NAMED_DAYS[days]!;
  }
  return 'unknown';
}

/** A screen whose title is one post's or video's own insights ("Post insights", "Reel insights"). */
const POST_TITLE = /^\W*(?:post|reel|video|story)\s+(?:insights|analytics)\W*$/i;

/** Whether a screen's figures are one post's own, by its title among the first lines. */
export function detectScope(lines: string[]): FigureScope {
  return lines.slice(0, 8).some((line) => POST_TITLE.test(line)) ? 'post' : 'account';
}
