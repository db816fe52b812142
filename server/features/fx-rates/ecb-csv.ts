/**
 * The ECB's reference rates in its CSV layouts: the history file it publishes as eurofxref-hist.zip
 * ("Date,USD,JPY,…," one business day a line, newest first, "N/A" where a currency had no rate that day,
 * and a comma closing each line) and the snapshot Ballast ships, made from it
 * (scripts/build-fx-snapshot.ts): the same columns, oldest day first, only the currencies that ever had
 * a rate, an empty cell for "N/A", no closing comma. Rates stay the published text ("0.86408").
 */
import type { RateDay } from './ecb-xml';

const RATE = /^\d{1,9}(?:\.\d{1,9})?$/;
const DAY = /^\d{4}-\d\d-\d\d$/;

export function parseEcbCsv(text: string): { days: RateDay[] } | { problem: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const [header, ...rows] = lines;
  const columns = (header ?? '').split(',').map((cell) => cell.trim());
  if (columns[0] !== 'Date') return { problem: 'the first column is not "Date"' };
  const currencies = columns.slice(1);
  const days: RateDay[] = [];
  for (const [index, line] of rows.entries()) {
    const cells = line.split(',').map((cell) => cell.trim());
    const day = cells[0] ?? '';
    if (!DAY.test(day)) return { problem: `line ${index + 2}: "${day}" is not a date` };
    const rates = new Map<string, string>();
    currencies.forEach((currency, at) => {
      const rate = cells[at + 1] ?? '';
      if (currency && RATE.test(rate) && /[1-9]/.test(rate)) rates.set(currency, rate);
    });
    if (!rates.has('GBP')) return { problem: `${day} has no pound rate` };
    days.push({ day, rates });
  }
  if (days.length === 0) return { problem: 'the file has no days of rates' };
  return { days: days.sort((a, b) => (a.day < b.day ? -1 : 1)) };
}

/** The snapshot's text: oldest day first, the currencies that had a rate on any day, in the file's order. */
export function writeSnapshotCsv(days: RateDay[], currencyOrder: string[]): string {
  const used = currencyOrder.filter((currency) => days.some((day) => day.rates.has(currency)));
  const lines = days.map(({ day, rates }) =>
    [day, ...used.map((currency) => rates.get(currency) ?? '')].join(','),
  );
  return `${['Date', ...used].join(',')}\n${lines.join('\n')}\n`;
}
