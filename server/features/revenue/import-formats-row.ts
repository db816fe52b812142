/** One row of an imported file as every reader hands it over, whatever the file's columns. */

import type { ImportFormat } from '@common/revenue-import';

export type ImportedRow = {
  /** The cells as the preview shows them: a date, the creator's name for the source, the amount. */
  values: { date: string; source: string; amount: string; description: string };
  /** An ISO date when the export's own format was read, else the cell for the usual date rules. */
  date: string;
  amount: string;
  /** Why this row is not money the creator received (failed payment, totals line), or null. */
  notIncome: string | null;
  /** A currency other than pounds, as the service wrote it, or null. */
  otherCurrency: string | null;
};

export type FormatReader = { format: ImportFormat; read(cells: string[]): ImportedRow };

type RowParts = {
  name: string;
  description: string;
  cellDate: string;
  cellAmount: string;
  date: string;
  amount: string;
  notIncome?: string | null;
  otherCurrency?: string | null;
};

/** The currency a cell's own symbol names ("$412.50", "US$ 12", "€9"); pounds and bare numbers name none. */
const SYMBOL_CURRENCY: [RegExp, string][] = [
  [/^\s*(?:US\$|\$)/, 'USD'],
  [/^\s*€/, 'EUR'],
];

export function row(parts: RowParts): ImportedRow {
  // A symbol in the cell is what was paid, even where the column's name or the service says nothing:
  // "$412.50" under a plain "Amount" is dollars, never £412.50.
  const bySymbol = SYMBOL_CURRENCY.find(([symbol]) => symbol.test(parts.amount))?.[1] ?? null;
  return {
    values: {
      date: parts.cellDate,
      source: parts.name,
      amount: parts.cellAmount,
      description: parts.description,
    },
    date: parts.date,
    amount: parts.amount,
    notIncome: parts.notIncome ?? null,
    otherCurrency: parts.otherCurrency || bySymbol,
  };
}
