/** One row of an imported file as every reader hands it over, whatever the file's columns. */

import type { ImportFormat } from '@common/revenue-import';

export type ImportedRow = {
  /** The cells as the preview shows them: a date, the creator's name for the source, the amount. */
  values: { date: string; source: string; amount: string; description: string };
  /** An ISO date when the export's own format was read, else the cell for the usual date rules. */
  date: string;
  /** What reached the creator, as the file writes it (after the service's fees, where it takes any). */
  amount: string;
  /** What the buyer paid before the service's fees, where the file says, or null. */
  gross: string | null;
  /** The transaction's own id in the export (Gumroad's Purchase ID, Stripe's id), or null. */
  id: string | null;
  /** Who paid, where the file names them (a brand, an agency, Stripe's customer), or null. */
  payer: string | null;
  /** Why this row is not money the creator received (failed payment, totals line), or null. */
  notIncome: string | null;
  /** A currency other than pounds, as the service wrote it, or null. */
  otherCurrency: string | null;
  /**
   * Whether the file says what currency this amount is in (a service's export, a currency column, a
   * header such as "Amount (USD)", or a symbol in the cell). Where it does not, the creator is asked once
   * for the whole file, and pounds are assumed until they answer.
   */
  isCurrencyStated: boolean;
};

export type FormatReader = { format: ImportFormat; read(cells: string[]): ImportedRow };

type RowParts = {
  name: string;
  description: string;
  cellDate: string;
  cellAmount: string;
  date: string;
  amount: string;
  gross?: string | null;
  id?: string | null;
  payer?: string | null;
  notIncome?: string | null;
  otherCurrency?: string | null;
  /** False where neither the file's columns nor this row name a currency; services' exports always do. */
  isCurrencyStated?: boolean;
};

/** The currency a cell's own symbol names ("$412.50", "US$ 12", "€9"); bare numbers name none. */
const SYMBOL_CURRENCY: [RegExp, string | null][] = [
  [/^\s*(?:US\$|\$)/, 'USD'],
  [/^\s*€/, 'EUR'],
  [/^\s*£/, null],
];

export function row(parts: RowParts): ImportedRow {
  // A symbol in the cell is what was paid, even where the column's name or the service says nothing:
  // "$412.50" under a plain "Amount" is dollars, never £412.50.
  const symbol = SYMBOL_CURRENCY.find(([pattern]) => pattern.test(parts.amount));
  const bySymbol = symbol?.[1] ?? null;
  return {
    values: {
      date: parts.cellDate,
      source: parts.name,
      amount: parts.cellAmount,
      description: parts.description,
    },
    date: parts.date,
    amount: parts.amount,
    gross: parts.gross?.trim() || null,
    id: parts.id?.trim() || null,
    payer: parts.payer?.trim() || null,
    notIncome: parts.notIncome ?? null,
    otherCurrency: parts.otherCurrency || bySymbol,
    isCurrencyStated:
      (parts.isCurrencyStated ?? true) || Boolean(parts.otherCurrency) || symbol !== undefined,
  };
}
