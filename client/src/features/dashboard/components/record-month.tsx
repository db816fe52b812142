import type { Alert } from '@common/alerts';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { useNothingInMonth } from '@/features/alerts/public';
import { describeError } from '@/lib/api';

/** A "not recorded yet" reminder's two answers: add the month (at its usual amount, to check), or £0. */
export default function RecordMonth({ alert }: { alert: Alert }) {
  const nothing = useNothingInMonth();
  const { source, date, usual } = alert.record!;
  return (
    <div className="flex flex-wrap gap-2 pt-1">
      <Button asChild size="sm">
        <Link href={`/dashboard?${new URLSearchParams({ add: source, date, amount: usual })}`}>Add it</Link>
      </Button>
      <Button size="sm" variant="outline" disabled={nothing.isPending} onClick={() => nothing.mutate(alert)}>
        It was £0 this month
      </Button>
      {nothing.isError && (
        <p role="alert" className="w-full text-sm text-destructive">
          {describeError(nothing.error, 'That did not save. Please try again.')}
        </p>
      )}
    </div>
  );
}
