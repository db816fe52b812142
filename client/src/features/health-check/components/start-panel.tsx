import { formatMonthSpan, monthName } from '@common/calendar';
import { PLATFORM_OPTIONS } from '@common/creator-platforms';
import { ActivityIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatPounds } from '@/lib/format';
import { useHealthCheckInputs } from '../api/get-health-check-inputs';

const platformLabel = (value: string) =>
  PLATFORM_OPTIONS.find((option) => option.value === value)?.label ?? value;

/**
 * Before the first run (where onboarding lands): what the check looks at, what the creator has given
 * so far, and the button to run it now.
 */
export function StartPanel({ onRun }: { onRun: () => void }) {
  const inputs = useHealthCheckInputs();
  const given = inputs.data;
  return (
    <Card className="grid gap-6 p-6" data-testid="health-empty">
      <div className="grid gap-2">
        <h2 className="text-2xl font-black">See how exposed your income is</h2>
        <p className="text-muted-foreground">
          The check scores your platform risk, how diversified and how algorithm-dependent your income is, and
          how resilient your audience is, then tells you what to fix first.
        </p>
      </div>
      <div className="grid gap-2">
        <h3 className="font-bold">What it looks at</h3>
        {given ? (
          <ul className="grid gap-1 text-sm" data-testid="health-inputs">
            <li>
              {given.revenueEntryCount > 0 && given.monthlyIncome.firstMonth && given.monthlyIncome.lastMonth
                ? `${given.revenueEntryCount} revenue ${given.revenueEntryCount === 1 ? 'entry' : 'entries'} from ${given.revenueSourceCount} ${given.revenueSourceCount === 1 ? 'source' : 'sources'} in ${formatMonthSpan(given.monthlyIncome.firstMonth, given.monthlyIncome.lastMonth)}: ${formatPounds(given.monthlyIncome.amount)} a month.`
                : 'No revenue recorded in the last three complete months: your onboarding answers stand in.'}{' '}
              {given.monthlyIncome.pending.map((pending) => `${pending.sentence}: counted once it is in. `)}
              {`${monthName(given.monthlyIncome.currentMonth)} so far: ${formatPounds(given.monthlyIncome.soFar)}, counted once the month ends.`}{' '}
              <Link href="/dashboard" className="font-semibold text-primary hover:underline">
                {given.revenueEntryCount > 0 ? 'Review revenue' : 'Add revenue'}
              </Link>
            </li>
            <li>
              {given.hasAnswers
                ? `Your answers: ${given.platforms.length > 0 ? given.platforms.map(platformLabel).join(', ') : 'no platforms chosen'}; ${given.currentStreams.length} income ${given.currentStreams.length === 1 ? 'stream' : 'streams'}; ${given.hasAnalytics ? 'you track your analytics' : 'analytics not tracked'}.`
                : 'No onboarding answers yet.'}{' '}
              <Link href="/onboarding" className="font-semibold text-primary hover:underline">
                Update your answers
              </Link>
            </li>
          </ul>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        )}
      </div>
      <div>
        <Button size="lg" onClick={onRun}>
          <ActivityIcon aria-hidden="true" />
          Run health check
        </Button>
      </div>
    </Card>
  );
}
