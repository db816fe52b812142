import type { RevenueImportRow } from '@common/revenue-import';
import { sourceLabel } from '@common/revenue-sources';
import { SideScroll } from '@/components/ui/side-scroll';
import { formatPence } from '@/lib/format';
import { cn } from '@/lib/utils';
import { FeesNote, PaidNote } from './paid-note';

const SHOWN_ROWS = 100;

const isRefused = (row: RevenueImportRow) => row.problems.length > 0;

function Result({ row, includeRepeats }: { row: RevenueImportRow; includeRepeats: boolean }) {
  if (row.notIncome) return <span className="text-muted-foreground">Left out: {row.notIncome}</span>;
  if (isRefused(row)) {
    return <span className="font-semibold text-destructive">Refused: {row.problems.join(' ')}</span>;
  }
  if (row.isRepeatInFile && !includeRepeats) {
    return <span className="font-semibold text-warning">Repeats line {row.repeatOfLine}: left out</span>;
  }
  if (row.isAlreadyRecorded) return <span className="text-muted-foreground">Already recorded: skipped</span>;
  if (row.isRepeatInFile) {
    return <span className="font-semibold text-success">Accepted (repeats line {row.repeatOfLine})</span>;
  }
  return <span className="font-semibold text-success">Accepted</span>;
}

/** Refused rows first (they need fixing), then repeats, then the rest, up to 100. */
export function ImportPreviewTable({
  rows,
  includeRepeats,
}: {
  rows: RevenueImportRow[];
  includeRepeats: boolean;
}) {
  const ordered = [
    ...rows.filter(isRefused),
    ...rows.filter((row) => !isRefused(row) && row.isRepeatInFile),
    ...rows.filter((row) => !isRefused(row) && !row.isRepeatInFile),
  ];
  const shown = ordered.slice(0, SHOWN_ROWS);
  return (
    <SideScroll
      label="Rows in the file"
      className="max-h-80 overflow-y-auto rounded-md border"
      fade="from-card"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Rows in the file, refused ones first, then repeated ones</caption>
        <thead className="sticky top-0 bg-muted text-xs uppercase">
          <tr>
            <th scope="col" className="px-3 py-2">
              Line
            </th>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Source
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-2">
              Result
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {shown.map((row) => (
            <tr key={row.line} className={cn(isRefused(row) && 'bg-destructive/10')}>
              <td className="px-3 py-2 tabular-nums">{row.line}</td>
              <td className="whitespace-nowrap px-3 py-2">{row.entry?.date ?? row.values.date}</td>
              <td className="px-3 py-2">{row.entry ? sourceLabel(row.entry.source) : row.values.source}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {row.entry ? formatPence(row.entry.amount) : row.values.amount}
                {row.entry && <PaidNote entry={row.entry} />}
                {row.entry && <FeesNote entry={row.entry} />}
              </td>
              <td className="px-3 py-2">
                <Result row={row} includeRepeats={includeRepeats} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ordered.length > SHOWN_ROWS && (
        <p className="px-3 py-2 text-xs text-muted-foreground">
          Showing {SHOWN_ROWS} of {ordered.length} rows.
        </p>
      )}
    </SideScroll>
  );
}
