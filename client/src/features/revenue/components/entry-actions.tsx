import { formatCalendarDate } from '@common/calendar';
import type { RevenueEntry } from '@common/revenue';
import { sourceLabel } from '@common/revenue-sources';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { onDemand } from '@/lib/on-demand';

// Radix Dialog, and for editing react-hook-form and zod, load when a dialog is asked for.
const editDialog = onDemand(() => import('./edit-entry-dialog'));
const deleteDialog = onDemand(() => import('./delete-entry-dialog'));

/** Marks an entry YouTube's Analytics wrote (read-only: it follows YouTube's revisions). */
export function FromYouTubeBadge({ entry }: { entry: RevenueEntry }) {
  if (entry.origin !== 'youtube') return null;
  return <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs font-bold">From YouTube</span>;
}

/**
 * An entry's edit and delete buttons, with their dialogs. YouTube's figure follows YouTube: it is
 * replaced as YouTube revises it, not edited, so it gets `placeholder` (or nothing) instead.
 */
export function EntryActions({
  entry,
  placeholder = null,
}: {
  entry: RevenueEntry;
  placeholder?: React.ReactNode;
}) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  if (entry.origin === 'youtube') return placeholder;
  const name = `${sourceLabel(entry.source)} on ${formatCalendarDate(entry.date)}`;
  const close = () => setDialog(null);
  const EditEntryDialog = editDialog.module?.EditEntryDialog;
  const DeleteEntryDialog = deleteDialog.module?.DeleteEntryDialog;
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Edit ${name}`}
        {...editDialog.triggers}
        onClick={() => editDialog.open(() => setDialog('edit'))}
      >
        <PencilIcon aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        {...deleteDialog.triggers}
        onClick={() => deleteDialog.open(() => setDialog('delete'))}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      {dialog === 'edit' && EditEntryDialog && <EditEntryDialog entry={entry} onClose={close} />}
      {dialog === 'delete' && DeleteEntryDialog && <DeleteEntryDialog entry={entry} onClose={close} />}
    </>
  );
}
