import { moneyWords } from '@common/revenue-amount';
import type { RevenueImportResult } from '@common/revenue-import';
import { formatPaid } from './paid-note';

/** "£1,234.567": the file's own total with every decimal it wrote. */
const formatExact = (amount: string, currency: string) =>
  formatPaid(amount, currency, amount.split('.')[1]?.length ?? 2);

const lines = (count: number) => `${count.toLocaleString('en-GB')} ${count === 1 ? 'line' : 'lines'}`;
const amounts = (count: number) =>
  count === 1 ? '1 amount had' : `${count.toLocaleString('en-GB')} amounts had`;

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
          {amounts(note.rowCount)} more decimals than {moneyWords(note.currency).minor}
          {note.rowCount === 1 ? ' and was rounded' : ' and were rounded once each'}, half up: the file’s
          total is {formatExact(note.fileTotal, note.currency)}; rounded,{' '}
          {formatPaid(note.roundedTotal, note.currency)}.
        </li>
      ))}
    </ul>
  );
}
