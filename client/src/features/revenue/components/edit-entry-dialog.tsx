import type { RevenueEntry } from '@common/revenue';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useUpdateRevenueEntry } from '../api/update-revenue-entry';
import {
  entryToForm,
  isMissingRequired,
  MISSING_INFORMATION,
  revenueFormSchema,
  showServerReasons,
} from '../revenue-form';
import { RevenueEntryFields } from './revenue-entry-fields';

export function EditEntryDialog({ entry, onClose }: { entry: RevenueEntry; onClose: () => void }) {
  const update = useUpdateRevenueEntry();
  const form = useForm({ resolver: zodResolver(revenueFormSchema), defaultValues: entryToForm(entry) });

  const submit = form.handleSubmit(
    async (changes) => {
      try {
        await update.mutateAsync({ id: entry.id, ...changes });
      } catch (error) {
        showServerReasons(error, form.setError);
        toast({
          title: 'Update Failed',
          description: describeError(error, 'Failed to update the entry. Please try again.'),
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Entry Updated' });
      onClose();
    },
    (errors) => {
      if (isMissingRequired(errors)) toast({ ...MISSING_INFORMATION, variant: 'destructive' });
    },
  );

  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit entry</DialogTitle>
          <DialogDescription>Correct the source, amount, date, description or who paid.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <RevenueEntryFields form={form} />
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save changes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
