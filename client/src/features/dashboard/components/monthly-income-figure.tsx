import { formatMonthSpan, monthName } from '@common/calendar';
import type { MonthlyIncome } from '@common/monthly-income';
import { formatPounds } from '@/lib/format';

/**
 * The one monthly income (the last three months whose streams are all in, named), with the month in
 * progress beside it as "so far" and a month still awaiting a stream apart, each such stream at its
 * usual amount: a half-entered month is never read as a month's income (docs/scoring.md#monthly-income).
 */
export function MonthlyIncomeFigure({ income }: { income: MonthlyIncome | undefined }) {
  return (
    <div className="sm:text-right" data-testid="monthly-income">
      <p className="text-sm font-bold tracking-wide text-muted-foreground uppercase">Monthly income</p>
      <p className="font-display text-4xl font-black tabular-nums">
        {income ? formatPounds(income.amount) : '…'}
        <span className="text-base font-semibold text-muted-foreground"> a month</span>
      </p>
      {income && (
        <p className="text-sm text-muted-foreground">
          {income.firstMonth && income.lastMonth
            ? `${formatMonthSpan(income.firstMonth, income.lastMonth)} average`
            : 'No complete month recorded yet'}
          {' · '}
          <span data-testid="month-revenue">
            {monthName(income.currentMonth)} so far {formatPounds(income.soFar)}
          </span>
        </p>
      )}
      {income?.pending.map((pending) => (
        <p key={pending.month} className="text-sm text-muted-foreground" data-testid="month-not-in">
          {pending.sentence}
        </p>
      ))}
    </div>
  );
}
