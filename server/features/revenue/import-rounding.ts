import { POUNDS } from '@common/revenue';
import type { ImportRounding, RevenueImportRow } from '@common/revenue-import';
import { fromUnits, placesOf, toUnits } from '../../decimal';

/**
 * For each currency in which some amounts of the file had more decimals than pence (YouTube Studio
 * writes revenue to three): how many were rounded, and the file's own total of the rows to be saved
 * beside the total of their rounded amounts, so the creator sees what the rounding changed.
 */
export function roundingNotes(rows: RevenueImportRow[]): ImportRounding[] {
  const byCurrency = new Map<string, { rowCount: number; exact: string[]; rounded: string[] }>();
  for (const row of rows) {
    if (!row.entry) continue;
    const currency = row.entry.paid?.currency ?? POUNDS;
    const amount = row.entry.paid?.amount ?? row.entry.amount;
    const group = byCurrency.get(currency) ?? { rowCount: 0, exact: [], rounded: [] };
    if (row.roundedFrom !== null) group.rowCount += 1;
    group.exact.push(row.roundedFrom ?? amount);
    group.rounded.push(amount);
    byCurrency.set(currency, group);
  }
  const notes: ImportRounding[] = [];
  for (const [currency, group] of byCurrency) {
    if (group.rowCount === 0) continue;
    const places = Math.max(2, ...group.exact.map(placesOf));
    const sum = (texts: string[], at: number) =>
      fromUnits(
        texts.reduce((total, text) => total + toUnits(text, at), 0n),
        at,
      );
    notes.push({
      currency,
      rowCount: group.rowCount,
      fileTotal: sum(group.exact, places),
      // Rounded amounts have two decimals: their sum at two is exact.
      roundedTotal: sum(group.rounded, 2),
    });
  }
  return notes;
}
