import { formatMonthLabel } from '@common/calendar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { describeError } from '@/lib/api';
import { formatPence } from '@/lib/format';
import { useKeepRevenueMonth, useRevenueOverlaps } from '../api/revenue-overlaps';

/**
 * A month of YouTube Ads revenue recorded twice, by the creator and by YouTube: both figures side by
 * side, the creator's counted until they keep one.
 */
export function RevenueOverlaps() {
  const overlaps = useRevenueOverlaps();
  const keep = useKeepRevenueMonth();
  if (!overlaps.data || overlaps.data.length === 0) return null;

  async function choose(month: string, choice: 'youtube' | 'mine') {
    try {
      await keep.mutateAsync({ month, keep: choice });
      toast({ title: choice === 'youtube' ? 'YouTube’s Figure Kept' : 'Your Figure Kept' });
    } catch (error) {
      toast({
        title: 'Could Not Save',
        description: describeError(error, 'Please try again later.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <Card className="grid gap-3 border-amber-500 p-5" role="region" aria-label="YouTube Ads recorded twice">
      <h2 className="text-lg font-bold">YouTube Ads recorded twice</h2>
      <p className="text-sm text-muted-foreground">
        YouTube now reports its estimated revenue for these months, which you had also entered. Only your
        figure counts until you choose.
      </p>
      <ul className="grid gap-3">
        {overlaps.data.map((overlap) => (
          <li key={overlap.month} className="flex flex-wrap items-center gap-3 rounded-md border px-4 py-3">
            <span className="min-w-32 font-semibold">{formatMonthLabel(overlap.month)}</span>
            <span className="text-sm">
              Yours: <strong className="tabular-nums">{formatPence(overlap.typedAmount)}</strong>
              {overlap.typedEntryCount > 1 && ` (${overlap.typedEntryCount} entries)`} · YouTube’s:{' '}
              <strong className="tabular-nums">{formatPence(overlap.youtubeAmount)}</strong>
            </span>
            <span className="ml-auto flex gap-2">
              <Button
                variant="outline"
                disabled={keep.isPending}
                onClick={() => void choose(overlap.month, 'mine')}
              >
                Keep mine
              </Button>
              <Button disabled={keep.isPending} onClick={() => void choose(overlap.month, 'youtube')}>
                Keep YouTube’s
              </Button>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
