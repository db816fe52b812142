/**
 * Calendar dates in the business's time zone. Revenue dates are plain calendar dates ('YYYY-MM-DD');
 * what "today" and "this month" mean depends on where the creator is, and Ballast is a UK product,
 * so both follow Europe/London (GMT in winter, BST in summer); docs/decisions has the record.
 */
export const BUSINESS_TIME_ZONE = 'Europe/London';

const isoDateParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar date in London at `instant`, as 'YYYY-MM-DD'. */
export function londonDate(instant: Date): string {
  const parts = Object.fromEntries(
    isoDateParts.formatToParts(instant).map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The calendar date `days` after (or, negative, before) a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' date. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

const monthLabelFormat = new Intl.DateTimeFormat('en-GB', {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateLabelFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'Mar 2025' for '2025-03' — the monthly chart's axis, grouped by month and year. */
export function formatMonthLabel(month: string): string {
  return monthLabelFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** '7 Mar 2025' for '2025-03-07'. Calendar dates carry no time zone, so they are formatted as UTC. */
export function formatCalendarDate(date: string): string {
  return dateLabelFormat.format(new Date(`${date}T00:00:00Z`));
}

const longMonthFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthNameFormat = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const longDateFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'October 2026' for '2026-10': a month in words, as a sentence names it. */
export function formatMonthInWords(month: string): string {
  return longMonthFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** 'January' for '2027-01'. */
export function monthName(month: string): string {
  return monthNameFormat.format(new Date(`${month}-01T00:00:00Z`));
}

/** '12 November 2026' for '2026-11-12'. */
export function formatDateInWords(date: string): string {
  return longDateFormat.format(new Date(`${date}T00:00:00Z`));
}

const dayAndMonthFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});

/** '1 July' for '2027-07-01': a day this year, as a sentence names it. */
export function formatDayAndMonth(date: string): string {
  return dayAndMonthFormat.format(new Date(`${date}T00:00:00Z`));
}

const shortMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const monthOnly = (month: string) => shortMonth.format(new Date(`${month}-01T00:00:00Z`));

/**
 * A run of months in words, as the monthly income names its window: 'Aug–Oct' for 2026-08 to 2026-10;
 * 'Dec 2025–Feb 2026' across a new year; 'Oct' for one month.
 */
export function formatMonthSpan(firstMonth: string, lastMonth: string): string {
  if (firstMonth === lastMonth) return monthOnly(firstMonth);
  if (firstMonth.slice(0, 4) === lastMonth.slice(0, 4))
    return `${monthOnly(firstMonth)}–${monthOnly(lastMonth)}`;
  return `${monthOnly(firstMonth)} ${firstMonth.slice(0, 4)}–${monthOnly(lastMonth)} ${lastMonth.slice(0, 4)}`;
}

/** The month `count` months before `month` ('2026-01', 2 → '2025-11'); a negative count goes forward. */
export function monthsBefore(month: string, count: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (number - 1) - count;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** Months from `first` to `last`, both counted ('2026-08' to '2026-10' is 3). */
export function monthsFrom(first: string, last: string): number {
  const index = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(last) - index(first) + 1;
}

/** Days from `from` to `to` ('YYYY-MM-DD'), negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * 3600 * 1000));
}

/** The last day of 'YYYY-MM', as 'YYYY-MM-DD'. */
export function lastDayOf(month: string): string {
  return addDays(`${monthsBefore(month, -1)}-01`, -1);
}

/** "23rd" for 23: a day of the month as the screens say it. */
export function ordinalDay(day: number): string {
  const tens = day % 100;
  const suffix =
    tens >= 11 && tens <= 13
      ? 'th'
      : day % 10 === 1
        ? 'st'
        : day % 10 === 2
          ? 'nd'
          : day % 10 === 3
            ? 'rd'
            : 'th';
  return `${day}${suffix}`;
}
