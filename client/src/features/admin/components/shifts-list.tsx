import { alertPlatformLabel } from '@common/alert-labels';
import { formatDateInWords } from '@common/calendar';
import type { PlatformShift } from '@common/shifts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { useDismissShift, useShifts } from '../api/shifts';
import { formatWhen } from './admin-table';

const percent = (share: number) => `${Math.round(Math.abs(share) * 100)}%`;

const STATUS_LABELS: Record<PlatformShift['status'], string> = {
  detected: 'Waiting for review',
  published: 'Bulletin published',
  dismissed: 'Dismissed',
};

/** One shift's aggregates: never a creator, only the group of 20 or more. */
function ShiftFigures({ shift }: { shift: PlatformShift }) {
  const items = [
    ['Since', formatDateInWords(shift.startedOn)],
    ['Creators compared', String(shift.cohortSize)],
    ['Fell by a third or more', `${shift.fellCount} (${percent(shift.fellCount / shift.cohortSize)})`],
    ['Median change', `${shift.medianChange < 0 ? '−' : '+'}${percent(shift.medianChange)}`],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Falls most of a platform's creators share, as the shifts job recorded them: a detected one can be
 * drafted into a bulletin (the composer beside it) or dismissed.
 */
export function ShiftsList({
  draftingShiftId,
  onDraft,
}: {
  draftingShiftId: string | null;
  onDraft: (shift: PlatformShift) => void;
}) {
  const shifts = useShifts();
  const dismiss = useDismissShift();

  async function dismissOne(shift: PlatformShift) {
    try {
      await dismiss.mutateAsync(shift.id);
      toast({ title: 'Shift Dismissed', description: 'No bulletin will go out for it.' });
    } catch (error) {
      toast({
        title: 'Dismiss Failed',
        description: describeError(error, 'Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="grid content-start gap-4 lg:col-span-2" aria-labelledby="platform-shifts">
      {/* Named without "platform": the composer's Platform field is found by that label. */}
      <h2 id="platform-shifts" className="font-display text-lg font-black uppercase">
        Falls across creators
      </h2>
      {shifts.isPending ? (
        <LoadingStatus />
      ) : shifts.isError ? (
        <LoadFailed what="shared falls" onRetry={() => void shifts.refetch()} />
      ) : shifts.data.length === 0 ? (
        <p className="text-muted-foreground">No falls shared across creators so far.</p>
      ) : (
        <ul className="grid gap-3">
          {shifts.data.map((shift) => (
            <li key={shift.id}>
              <Card
                className="grid gap-3 p-4"
                role="group"
                aria-label={`${alertPlatformLabel(shift.platform)} shift since ${formatDateInWords(shift.startedOn)}`}
              >
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="font-semibold">{alertPlatformLabel(shift.platform)}</span>
                  <span className="text-muted-foreground">
                    {STATUS_LABELS[shift.status]}
                    {shift.isOpen ? '' : ' · over'} · updated {formatWhen(shift.updatedAt)}
                  </span>
                </p>
                <ShiftFigures shift={shift} />
                {shift.status === 'detected' && (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      onClick={() => onDraft(shift)}
                      disabled={draftingShiftId === shift.id}
                    >
                      {draftingShiftId === shift.id ? 'Drafted below' : 'Draft bulletin'}
                    </Button>
                    <Button
                      type="button"
                      variant="outline"
                      onClick={() => void dismissOne(shift)}
                      disabled={dismiss.isPending}
                    >
                      Dismiss
                    </Button>
                  </div>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
