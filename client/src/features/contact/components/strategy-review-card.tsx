import { CalendarCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { LockedFeature } from '@/features/billing/public';
import { describeError } from '@/lib/api';
import { useRequestStrategyReview } from '../api/request-strategy-review';

/**
 * The Mastermind's monthly strategy review, asked for from the dashboard; other plans see which plan
 * brings it. `isAvailable` is undefined while the plan loads.
 */
export function StrategyReviewCard({ isAvailable }: { isAvailable: boolean | undefined }) {
  const review = useRequestStrategyReview();
  if (isAvailable === undefined) return null;

  function ask() {
    review.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Strategy Review Requested', description: answer.message }),
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The request was not sent',
          description: describeError(error, 'Please try again in a moment.'),
        }),
    });
  }

  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-5" data-testid="strategy-review">
      <div>
        <h2 className="font-bold">Monthly strategy review</h2>
        <p className="text-sm text-muted-foreground">An hour with our team on where your income goes next.</p>
      </div>
      {isAvailable ? (
        <Button onClick={ask} disabled={review.isPending || review.isSuccess}>
          <CalendarCheckIcon aria-hidden="true" />
          {review.isSuccess ? 'Requested' : 'Ask for this month’s review'}
        </Button>
      ) : (
        <LockedFeature feature="strategyReview" />
      )}
    </Card>
  );
}
