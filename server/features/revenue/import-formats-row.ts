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

export function row(parts: RowParts): ImportedRow {
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
    otherCurrency: parts.otherCurrency ?? null,
  };
}
