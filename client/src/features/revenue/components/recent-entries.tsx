import { formatCalendarDate } from '@common/calendar';
import type { RevenueEntry } from '@common/revenue';
import { sourceLabel } from '@common/revenue-sources';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPence } from '@/lib/format';
import { EntryActions, FromYouTubeBadge } from './entry-actions';
import { FeesNote, PaidNote } from './paid-note';

/** The 10 most recent entries, each with its source (spaces for underscores), date, description and amount. */
export function RecentEntries({ entries }: { entries: RevenueEntry[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Entries</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Recent revenue entries">
          {entries.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 py-3" data-testid="revenue-entry">
              <div className="min-w-0 flex-1">
                <p className="font-bold">
                  {sourceLabel(entry.source)}
                  <FromYouTubeBadge entry={entry} />
                </p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={entry.date}>{formatCalendarDate(entry.date)}</time>
                  {entry.description && <span className="break-words"> · {entry.description}</span>}
                  {entry.payer && <span className="break-words"> · from {entry.payer}</span>}
                </p>
                {/* Under the date, not beside the pounds: a phone's row has no width for it there. */}
                <PaidNote entry={entry} />
                <FeesNote entry={entry} />
              </div>
              <p className="text-right font-display text-lg font-black tabular-nums">
                {formatPence(entry.amount)}
              </p>
              <EntryActions entry={entry} placeholder={<span className="w-20" aria-hidden="true" />} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
