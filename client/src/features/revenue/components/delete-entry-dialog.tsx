import { formatCalendarDate } from '@common/calendar';
import type { RevenueEntry } from '@common/revenue';
import { sourceLabel } from '@common/revenue-sources';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { formatPence } from '@/lib/format';
import { useDeleteRevenueEntry } from '../api/delete-revenue-entry';

export function DeleteEntryDialog({ entry, onClose }: { entry: RevenueEntry; onClose: () => void }) {
  const removal = useDeleteRevenueEntry();

  async function confirm() {
    try {
      await removal.mutateAsync(entry.id);
    } catch (error) {
      toast({
        title: 'Delete Failed',
        description: describeError(error, 'Failed to delete the entry. Please try again.'),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Entry Deleted' });
    onClose();
  }

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete this entry?</DialogTitle>
          <DialogDescription>
            {sourceLabel(entry.source)}, {formatPence(entry.amount)} on {formatCalendarDate(entry.date)}. This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-end gap-3">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void confirm()} disabled={removal.isPending}>
            {removal.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
