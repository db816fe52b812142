import { formatCalendarDate } from '@common/calendar';
import type { RevenueEntry } from '@common/revenue';
import { type RevenueSource, sourceLabel } from '@common/revenue-sources';
import { DownloadIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { NativeSelect } from '@/components/ui/select';
import { SideScroll } from '@/components/ui/side-scroll';
import { formatPence } from '@/lib/format';
import { revenueExportUrl, useRevenueHistory } from '../api/get-revenue-history';
import { EntryActions, FromYouTubeBadge } from './entry-actions';
import { FeesNote, PaidNote } from './paid-note';
import { SourceOptions } from './source-options';

const entriesLabel = (count: number) =>
  `${count.toLocaleString('en-GB')} ${count === 1 ? 'entry' : 'entries'}`;

/** Every entry, a page at a time, newest first: filtered by source and month, with the filter's totals. */
export function RevenueHistory() {
  const id = useId();
  const [source, setSource] = useState<RevenueSource | ''>('');
  const [month, setMonth] = useState('');
  const [page, setPage] = useState(1);
  const filters = { source: source || undefined, month: month || undefined };
  const history = useRevenueHistory({ ...filters, page });
  const data = history.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.totalCount / data.pageSize)) : 1;

  // Deleting the last entry of the last page leaves nothing to show there: go to the page before.
  useEffect(() => {
    if (!history.isPlaceholderData && page > pageCount) setPage(pageCount);
  }, [history.isPlaceholderData, page, pageCount]);

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-4">
        <CardTitle as="h2" id={`${id}-title`}>
          All Entries
        </CardTitle>
        <div className="flex max-w-full min-w-0 flex-wrap items-end gap-3">
          <div className="grid max-w-full min-w-0 gap-1">
            <Label htmlFor={`${id}-source`}>Filter by source</Label>
            <NativeSelect
              id={`${id}-source`}
              value={source}
              onChange={(event) => {
                setSource(event.target.value as RevenueSource | '');
                setPage(1);
              }}
            >
              <option value="">All sources</option>
              <SourceOptions />
            </NativeSelect>
          </div>
          <div className="grid max-w-full min-w-0 gap-1">
            <Label htmlFor={`${id}-month`}>Filter by month</Label>
            <Input
              id={`${id}-month`}
              type="month"
              value={month}
              onChange={(event) => {
                setMonth(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <Button variant="outline" asChild>
            <a href={revenueExportUrl(filters)} download>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 [&>*]:min-w-0">
        {history.isPending ? (
          <LoadingStatus />
        ) : history.isError || !data ? (
          <LoadFailed what="your entries" onRetry={() => void history.refetch()} />
        ) : (
          <>
            <p role="status" className="text-sm font-semibold" data-testid="history-totals">
              {entriesLabel(data.totalCount)}, {formatPence(data.totalAmount)} in total
              {source || month ? ' for these filters' : ''}.
            </p>
            {data.entries.length === 0 ? (
              <p className="py-6 text-center text-muted-foreground">No entries match these filters.</p>
            ) : (
              <HistoryTable entries={data.entries} />
            )}
            <nav aria-label="Pages of entries" className="flex items-center justify-end gap-3">
              <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <span className="text-sm tabular-nums">
                Page {Math.min(page, pageCount)} of {pageCount}
              </span>
              <Button variant="outline" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
                Next
              </Button>
            </nav>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function HistoryTable({ entries }: { entries: RevenueEntry[] }) {
  return (
    <SideScroll label="Revenue entries" fade="from-card">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Revenue entries, newest first</caption>
        <thead className="text-xs uppercase text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2">
              Date
            </th>
            <th scope="col" className="px-3 py-2">
              Source
            </th>
            <th scope="col" className="px-3 py-2">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Amount
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {entries.map((entry) => {
            return (
              <tr key={entry.id} data-testid="history-entry">
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={entry.date}>{formatCalendarDate(entry.date)}</time>
                </td>
                <td className="px-3 py-2 font-semibold">
                  {sourceLabel(entry.source)}
                  <FromYouTubeBadge entry={entry} />
                </td>
                <td className="px-3 py-2 break-words text-muted-foreground">
                  {entry.description}
                  {entry.payer && <span className="block">From {entry.payer}</span>}
                </td>
                <td className="px-3 py-2 text-right font-semibold tabular-nums">
                  {formatPence(entry.amount)}
                  <PaidNote entry={entry} />
                  <FeesNote entry={entry} />
                </td>
                <td className="px-1 py-1 whitespace-nowrap text-right">
                  <EntryActions entry={entry} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </SideScroll>
  );
}
