import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useCreateRevenueEntry } from '../api/create-revenue-entry';
import {
  blankEntry,
  isMissingRequired,
  MISSING_INFORMATION,
  type RevenueFormValues,
  revenueFormSchema,
  showServerReasons,
} from '../revenue-form';
import { RevenueEntryFields } from './revenue-entry-fields';

/**
 * The 'Add revenue' form and its toasts (docs/product/app.md#revenue-tracker). "Save and add another"
 * keeps it open for the next entry; either way the next entry starts in the currency last chosen.
 */
export function AddRevenueForm({
  isOpen,
  onAdded,
  start,
}: {
  isOpen: boolean;
  onAdded: () => void;
  /** An entry to start from: a reminder's month, its usual amount (revenue-dashboard-page.tsx). */
  start?: Partial<RevenueFormValues> | undefined;
}) {
  const creation = useCreateRevenueEntry();
  const form = useForm({
    resolver: zodResolver(revenueFormSchema),
    defaultValues: { ...blankEntry(), ...start },
  });
  const { setFocus } = form;
  const isAddingAnother = useRef(false);
  /** Counts the entries saved with "Save and add another", so the next one starts at its first field. */
  const [nextEntry, setNextEntry] = useState(0);

  useEffect(() => {
    if (nextEntry > 0) setFocus('source');
  }, [nextEntry, setFocus]);

  // Opening the form takes the keyboard to its first field.
  useEffect(() => {
    if (isOpen) setFocus('source');
  }, [isOpen, setFocus]);

  const submit = form.handleSubmit(
    async (entry) => {
      try {
        await creation.mutateAsync(entry);
      } catch (error) {
        // The server's reason when it gave one (a future date says so); the generic words otherwise.
        showServerReasons(error, form.setError);
        toast({
          title: 'Error',
          description: describeError(error, 'Failed to add revenue entry. Please try again.'),
          variant: 'destructive',
        });
        return;
      }
      toast({ title: 'Revenue Added' });
      form.reset(blankEntry(entry.currency));
      if (isAddingAnother.current) setNextEntry((count) => count + 1);
      else onAdded();
      isAddingAnother.current = false;
    },
    (errors) => {
      if (isMissingRequired(errors)) toast({ ...MISSING_INFORMATION, variant: 'destructive' });
    },
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add revenue"
      className="grid gap-5 rounded-lg border-2 border-primary/40 bg-card p-5"
    >
      <RevenueEntryFields form={form} />
      <div className="flex flex-wrap justify-end gap-3">
        <Button
          type="submit"
          disabled={creation.isPending}
          onClick={() => {
            isAddingAnother.current = false;
          }}
        >
          {creation.isPending ? 'Adding...' : 'Add entry'}
        </Button>
        <Button
          type="submit"
          variant="outline"
          disabled={creation.isPending}
          onClick={() => {
            isAddingAnother.current = true;
          }}
        >
          Save and add another
        </Button>
      </div>
    </form>
  );
}
