import { formatMonthSpan } from '@common/calendar';
import {
  DEPENDENCY_STATUS_LABELS,
  dependencyStatus,
  type HealthCheck,
  PLATFORM_RISK_SCALE,
  platformInSentence,
} from '@common/health-check';
import { useId } from 'react';
import { Card } from '@/components/ui/card';
import { formatPounds } from '@/lib/format';
import { cn } from '@/lib/utils';
import { RiskBandBadge } from './risk-band-badge';

const DEPENDENCY_STYLES = {
  critical: 'text-destructive',
  warning: 'text-warning',
  good: 'text-success',
} as const;

function Label({ children }: { children: string }) {
  return <h3 className="text-sm font-bold tracking-wide text-muted-foreground uppercase">{children}</h3>;
}

/**
 * Platform risk is a score, income at risk is money: shown side by side, each saying what it is, so a
 * risk of 65 is never read as 65% of the income (docs/scoring.md has both formulas).
 */
export function RiskSideBySide({ result }: { result: HealthCheck }) {
  const titleId = useId();
  const platform = result.largestPlatform ? platformInSentence(result.largestPlatform) : null;
  // A fall under way on that platform is said as what it is, not as a hypothesis.
  const fallingNow = result.findings?.liveFalls.find((fall) => fall.platform === result.largestPlatform);
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h2 id={titleId} className="text-xl font-bold">
        Platform risk and income at risk
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        <Card className="grid content-start gap-2 p-6" data-testid="platform-risk">
          <Label>Platform risk</Label>
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-display text-4xl font-black tabular-nums">{result.platformRiskScore}</span>
            <span className="text-base font-semibold text-muted-foreground">/100</span>
            <RiskBandBadge score={result.platformRiskScore} />
          </p>
          <p className="text-sm text-muted-foreground">{PLATFORM_RISK_SCALE}.</p>
          <p className="text-sm">
            A score, not a share of your income: how much of your income rides on one platform, and how much
            of it algorithms decide.
          </p>
        </Card>
        <Card className="grid content-start gap-2 p-6" data-testid="income-at-risk">
          <Label>Income at risk</Label>
          <p className="font-display text-4xl font-black tabular-nums">
            {formatPounds(result.incomeAtRisk)}
            <span className="text-base font-semibold text-muted-foreground"> a month</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {fallingNow
              ? `Happening now: ${fallingNow.title}. A 40% fall in ${platform}'s reach costs this much, from ${formatPounds(result.monthlyRevenue)} a month.`
              : platform
                ? `What you would lose if ${platform}'s reach fell 40%, from ${formatPounds(result.monthlyRevenue)} a month${result.incomeWindow ? `, ${formatMonthSpan(result.incomeWindow.firstMonth, result.incomeWindow.lastMonth)}` : ''}.`
                : 'None of your income rides on one platform’s reach.'}
          </p>
          <p className="text-sm">Money, not a score: the likely cost of the next algorithm change.</p>
        </Card>
      </div>
    </section>
  );
}

export function AlgorithmDependency({ result }: { result: HealthCheck }) {
  const status = dependencyStatus(result.algorithmDependency);
  return (
    <Card className="grid content-start gap-2 p-6" data-testid="algorithm-dependency">
      <h2 className="text-sm font-bold tracking-wide text-muted-foreground uppercase">
        Algorithm dependency
      </h2>
      <p className={cn('font-display text-4xl font-black tabular-nums', DEPENDENCY_STYLES[status])}>
        {result.algorithmDependency}%
      </p>
      <p className="text-sm text-muted-foreground">of your income is decided by platform algorithms.</p>
      <p className="font-semibold">Status: {DEPENDENCY_STATUS_LABELS[status]}</p>
    </Card>
  );
}
