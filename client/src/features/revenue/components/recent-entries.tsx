import { formatCalendarDate } from '@common/calendar';
import { type RevenueEntry, sourceLabel } from '@common/revenue';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatPence } from '@/lib/format';
import { DeleteEntryDialog } from './delete-entry-dialog';
import { EditEntryDialog } from './edit-entry-dialog';

/** Spec §2: the 10 most recent entries, each with its source (spaces for underscores), date, description and amount. */
export function RecentEntries({ entries }: { entries: RevenueEntry[] }) {
  const [editing, setEditing] = useState<RevenueEntry | null>(null);
  const [deleting, setDeleting] = useState<RevenueEntry | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Recent Entries</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Recent revenue entries">
          {entries.map((entry) => {
            const name = `${sourceLabel(entry.source)} on ${formatCalendarDate(entry.date)}`;
            return (
              <li key={entry.id} className="flex items-center gap-3 py-3" data-testid="revenue-entry">
                <div className="min-w-0 flex-1">
                  <p className="font-bold">
                    {sourceLabel(entry.source)}
                    {entry.origin === 'youtube' && (
                      <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-bold">
                        From YouTube
                      </span>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <time dateTime={entry.date}>{formatCalendarDate(entry.date)}</time>
                    {entry.description && <span className="break-words"> · {entry.description}</span>}
                  </p>
                </div>
                <p className="font-display text-lg font-black tabular-nums">{formatPence(entry.amount)}</p>
                {/* YouTube's figure follows YouTube: it is replaced as YouTube revises it, not edited. */}
                {entry.origin === 'youtube' ? (
                  <span className="w-20" aria-hidden="true" />
                ) : (
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${name}`}
                      onClick={() => setEditing(entry)}
                    >
                      <PencilIcon aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${name}`}
                      onClick={() => setDeleting(entry)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </CardContent>
      {editing && <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />}
      {deleting && <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}
