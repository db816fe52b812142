import type { ImportColumnChoice } from '@common/revenue-import';
import { AppError } from '../../errors';
import { type Columns, columnsOf, headerKey, isGbp, readExportDate } from './import-cells';
import { type FormatReader, row } from './import-formats-row';

/**
 * A file that is no service's export we know: the creator's own spreadsheet, read by the names people
 * give its columns, or by the columns the creator matched to the date, amount and source themselves.
 */

const COLUMN_NAMES = {
  date: [
    'date',
    'payment date',
    'date paid',
    'paid on',
    'date received',
    'received on',
    'transaction date',
    'payout date',
    'month',
  ],
  source: ['source', 'stream', 'income stream', 'income source', 'type', 'category', 'platform'],
  amount: [
    'amount',
    'amount £',
    'gbp',
    '£',
    'total',
    'net',
    'income',
    'earnings',
    'net earnings',
    'net amount',
    'net income',
    'net revenue',
    'revenue',
    'payout',
    'payout amount',
    'amount received',
    'received',
  ],
  description: ['description', 'notes', 'note', 'memo', 'details', 'reference'],
  /** Who paid: Ballast's own download writes "from". */
  payer: ['from', 'payer', 'paid by', 'brand', 'sponsor', 'agency', 'client', 'company', 'customer'],
};

/** "Amount (£)", "Net Earnings (USD)": a money column named with its currency. */
function amountWithCurrency(header: string[]): { key: string; currency: string } | null {
  for (const cell of header) {
    const key = headerKey(cell);
    const named = /^(.+?) ?\((.+)\)$/.exec(key);
    if (named && COLUMN_NAMES.amount.includes(named[1]!)) return { key, currency: named[2]! };
  }
  return null;
}

/** Amount columns whose name says pounds. */
const POUNDS_AMOUNT_NAMES = ['amount £', 'gbp', '£'];

const currencyName = (currency: string) =>
  currency === '$' ? 'USD' : currency === '€' ? 'EUR' : currency.toUpperCase();

/** What a refusal shows: the columns expected, and the file's own, one field each so they can be matched. */
function missingColumns(header: string[], missing: string[]): AppError {
  const found = header.map((cell) => cell.trim()).filter(Boolean);
  return new AppError(
    'VALIDATION_ERROR',
    `We could not tell which columns hold the ${missing.join(', ')}. We look for a date, a source and an amount column (a description is optional), or an export from YouTube Studio, Patreon, Stripe, Gumroad or Ko-fi. Your file's columns: ${found.join(', ') || 'none'}. Match them yourself: choose which column is the date, the amount and the source.`,
    {
      expected: 'date, source, amount, description (optional)',
      missing: missing.join(', '),
      ...Object.fromEntries(found.map((cell, index) => [`column ${index + 1}`, cell])),
    },
  );
}

/** Any file with a date, a source and an amount column, under the names people give them. */
export function commonNamesReader(header: string[], columns: Columns): FormatReader {
  const withCurrency = amountWithCurrency(header);
  const hasAmount = columns.has(...COLUMN_NAMES.amount) || withCurrency !== null;
  const missing = [
    columns.has(...COLUMN_NAMES.date) ? null : 'date',
    columns.has(...COLUMN_NAMES.source) ? null : 'source',
    hasAmount ? null : 'amount',
  ].filter((column): column is string => column !== null);
  if (missing.length > 0) throw missingColumns(header, missing);
  const amountNames = withCurrency ? [...COLUMN_NAMES.amount, withCurrency.key] : COLUMN_NAMES.amount;
  // The column read is the first of the names present, as `columns.at` finds it.
  const amountName = COLUMN_NAMES.amount.find((name) => columns.has(name));
  const isPoundsColumn = amountName !== undefined && POUNDS_AMOUNT_NAMES.includes(amountName);
  return {
    format: 'ballast',
    read: (cells) => {
      const cellDate = columns.at(cells, ...COLUMN_NAMES.date);
      const cellAmount = columns.at(cells, ...amountNames);
      const currency = columns.at(cells, 'currency') || (withCurrency?.currency ?? '');
      return row({
        name: columns.at(cells, ...COLUMN_NAMES.source),
        description: columns.at(cells, ...COLUMN_NAMES.description),
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        // Ballast's own download carries the id an entry was stored with.
        id: columns.at(cells, 'transaction id'),
        payer: columns.at(cells, ...COLUMN_NAMES.payer),
        otherCurrency: isGbp(currency) ? null : currencyName(currency),
        isCurrencyStated: currency !== '' || isPoundsColumn,
      });
    },
  };
}

/**
 * The columns the creator matched: each must be one of the file's, and the date and amount two different
 * ones. The source's name is the source column's cell, else the description's.
 */
export function chosenColumnsReader(header: string[], choice: ImportColumnChoice): FormatReader {
  const keys = header.map(headerKey);
  const found = header.map((cell) => cell.trim()).filter(Boolean);
  for (const [role, name] of Object.entries(choice)) {
    if (name && !keys.includes(headerKey(name))) {
      throw new AppError(
        'VALIDATION_ERROR',
        `The file has no column "${name}" for the ${role}; its columns are ${found.join(', ')}.`,
        { [`columns.${role}`]: `Choose one of: ${found.join(', ')}.` },
      );
    }
  }
  if (headerKey(choice.date) === headerKey(choice.amount)) {
    throw new AppError('VALIDATION_ERROR', 'The date and the amount must be two different columns.', {
      'columns.amount': 'Choose a column other than the date’s.',
    });
  }
  const columns = columnsOf(header);
  const withCurrency = /\((.+)\)$/.exec(headerKey(choice.amount));
  const isPoundsColumn = POUNDS_AMOUNT_NAMES.includes(headerKey(choice.amount));
  return {
    format: 'columns',
    read: (cells) => {
      const cellDate = columns.at(cells, headerKey(choice.date));
      const cellAmount = columns.at(cells, headerKey(choice.amount));
      const description = choice.description ? columns.at(cells, headerKey(choice.description)) : '';
      const currency = columns.at(cells, 'currency') || (withCurrency?.[1] ?? '');
      return row({
        name: choice.source ? columns.at(cells, headerKey(choice.source)) : description,
        description,
        cellDate,
        cellAmount,
        date: readExportDate(cellDate),
        amount: cellAmount,
        otherCurrency: isGbp(currency) ? null : currencyName(currency),
        isCurrencyStated: currency !== '' || isPoundsColumn,
      });
    },
  };
}
