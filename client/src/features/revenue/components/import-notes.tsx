import type { RevenueImportResult } from '@common/revenue-import';
import { formatPaid } from './paid-note';

/** "£1,234.567": the file's own total with every decimal it wrote. */
function formatExact(amount: string, currency: string) {
  const places = amount.split('.')[1]?.length ?? 2;
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    currencyDisplay: currency === 'USD' || currency === 'EUR' ? 'narrowSymbol' : 'symbol',
    minimumFractionDigits: places,
    maximumFractionDigits: places,
  }).format(Number(amount));
}

const lines = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'line' : 'lines'}`;
const amounts = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'amount' : 'amounts'}`;

/**
 * What the import did to the file that the rows alone do not say: the title lines above its column
 * names it left out, and the amounts it rounded to the penny (with the file's total beside the rounded).
 */
export function ImportNotes({ result }: { result: RevenueImportResult }) {
  if (result.preamble.length === 0 && result.rounding.length === 0) return null;
  return (
    <ul className="grid gap-1 text-sm text-muted-foreground" aria-label="Notes on the file">
      {result.preamble.length > 0 && (
        <li>
          Left out {lines(result.preamble.length)} above the column names:{' '}
          {result.preamble.map((line) => `“${line}”`).join(', ')}.
        </li>
      )}
      {result.rounding.map((note) => (
        <li key={note.currency}>
          {amounts(note.rowCount)} had more decimals than {note.currency === 'GBP' ? 'pence' : 'cents'} and
          were rounded once each, half up: the file’s total is {formatExact(note.fileTotal, note.currency)},
          rounded {formatPaid(note.roundedTotal, note.currency)}.
        </li>
      ))}
    </ul>
  );
}
