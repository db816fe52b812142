import { divideHalfUp, fromUnits, placesOf, toUnits } from '../../decimal';
/** Reading the cells of services' exports: header names, dates, money and currencies. */

export const headerKey = (cell: string) => cell.trim().toLowerCase().replace(/\s+/g, ' ');

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Dates as exports write them: "2025-03-14", "2025-03-14 10:22:31", "2025-03-14T10:22:31Z", "Mar 14,
 * 2025", "14 Mar 2025", and months ("2025-03", "Mar 2025", "March 2025") as the month's first day. Else the cell.
 */
export function readExportDate(text: string): string {
  const value = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(value);
  if (iso) return iso[1]!;
  const isoMonth = /^(\d{4})-(\d{2})$/.exec(value);
  if (isoMonth) return `${isoMonth[1]}-${isoMonth[2]}-01`;
  const named = /^([a-z]{3})[a-z]*\.? (?:(\d{1,2}),? )?(\d{4})$/i.exec(value);
  const month = named ? MONTHS.indexOf(named[1]!.toLowerCase()) : -1;
  if (named && month >= 0) {
    return `${named[3]}-${String(month + 1).padStart(2, '0')}-${(named[2] ?? '1').padStart(2, '0')}`;
  }
  const dayFirst = /^(\d{1,2}) ([a-z]{3})[a-z]*\.? (\d{4})$/i.exec(value);
  const dayFirstMonth = dayFirst ? MONTHS.indexOf(dayFirst[2]!.toLowerCase()) : -1;
  if (dayFirst && dayFirstMonth >= 0) {
    return `${dayFirst[3]}-${String(dayFirstMonth + 1).padStart(2, '0')}-${dayFirst[1]!.padStart(2, '0')}`;
  }
  return value;
}

/**
 * A money cell's digits rounded once, half up (away from zero), to two decimals: "0.125" → "0.13",
 * "-1.005" → "-1.01". Anything that is not a plain decimal comes back as written.
 */
export function roundToCents(text: string): { amount: string; isRounded: boolean } {
  const value = text.trim();
  if (!/^-?\d+\.\d{3,}$/.test(value)) return { amount: value, isRounded: false };
  const places = placesOf(value);
  const units = toUnits(value, places);
  const cents = divideHalfUp(units < 0n ? -units : units, 10n ** BigInt(places - 2));
  return { amount: fromUnits(units < 0n ? -cents : cents, 2), isRounded: true };
}

/** Pence of a money cell ("1,234.50", "£12", "-3.10"), or null when it is not one. */
export function toPence(text: string): number | null {
  const value = text
    .trim()
    .replace(/^[£$€]/, '')
    .replaceAll(',', '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(value)) return null;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const pence = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -pence : pence;
}

export const fromPence = (pence: number) =>
  `${pence < 0 ? '-' : ''}${Math.floor(Math.abs(pence) / 100)}.${String(Math.abs(pence) % 100).padStart(2, '0')}`;

/** a − b for two money cells; the first cell as written when either is not money. */
export function minus(amount: string, refunded: string): string {
  const a = toPence(amount);
  const b = refunded.trim() ? toPence(refunded) : 0;
  return a === null || b === null ? amount : fromPence(a - b);
}

export const isGbp = (currency: string) => ['gbp', '£', ''].includes(currency.trim().toLowerCase());

export type Columns = { has(...names: string[]): boolean; at(cells: string[], ...names: string[]): string };

export function columnsOf(header: string[]): Columns {
  const positions = new Map<string, number>();
  header.forEach((cell, index) => {
    const key = headerKey(cell);
    if (!positions.has(key)) positions.set(key, index);
  });
  const find = (names: string[]) => names.map((name) => positions.get(name)).find((at) => at !== undefined);
  return {
    has: (...names) => find(names) !== undefined,
    at: (cells, ...names) => {
      const position = find(names);
      return position === undefined ? '' : (cells[position] ?? '').trim();
    },
  };
}
