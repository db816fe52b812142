import {
  DEPENDENCY_STATUS_LABELS,
  dependencyStatus,
  HEALTH_BASIS_NOTES,
  type HealthCheck,
  platformInSentence,
  riskBand,
} from '@common/health-check';
import { ActivityIcon, ArrowRightIcon, RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { useConnectionOutcomeToast } from '@/features/platforms/components/connection-outcome-toast';
import { PlatformConnectPanel } from '@/features/platforms/components/platform-connect-panel';
import { ScreenshotPanels } from '@/features/screenshots/components/screenshot-panels';
import { formatPounds } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useHealthCheck } from '../api/get-health-check';
import { useRunHealthCheck } from '../api/run-health-check';
import { RiskBandBadge } from './risk-band-badge';
import { HEALTH_CHECK_DELAY_MS, RunningPanel } from './running-panel';
import { ScoreHistory } from './score-history';
import { StartPanel } from './start-panel';

const PRIORITY_STYLES = {
  high: 'bg-destructive text-destructive-foreground',
  medium: 'bg-warning text-primary-foreground',
  low: 'bg-muted text-foreground',
} as const;

/** Risk fills red or amber as it rises, unlike the bars where more is better. */
const RISK_BAR_STYLES = { high: 'bg-destructive', medium: 'bg-warning', low: 'bg-success' } as const;

const DEPENDENCY_STYLES = {
  critical: 'text-destructive',
  warning: 'text-warning',
  good: 'text-success',
} as const;

function ScoreBar({
  label,
  value,
  note,
  indicatorClassName,
}: {
  label: string;
  value: number;
  note: string;
  indicatorClassName?: string;
}) {
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className="font-semibold">{label}</span>
        <span className="font-bold tabular-nums">{value}%</span>
      </div>
      <Progress value={value} aria-label={label} indicatorClassName={indicatorClassName} />
      <p className="text-xs text-muted-foreground">{note}</p>
    </div>
  );
}

function Result({ result, onRerun }: { result: HealthCheck; onRerun: () => void }) {
  const status = dependencyStatus(result.algorithmDependency);
  const platform = result.largestPlatform ? platformInSentence(result.largestPlatform) : null;
  return (
    <div className="grid gap-6" data-testid="health-result">
      <Card className="grid gap-6 p-6 md:grid-cols-[auto_1fr] md:items-center">
        <div className="grid justify-items-start gap-2">
          <p className="text-sm font-bold tracking-wide text-muted-foreground uppercase">Overall score</p>
          <p className="flex items-baseline gap-1">
            <span className="font-display text-6xl font-black tabular-nums" data-testid="overall-score">
              {result.overallScore}
            </span>
            <span className="text-xl text-muted-foreground">/100</span>
          </p>
          <p className="text-xs text-muted-foreground">Higher is healthier.</p>
          <p className="flex items-center gap-2 text-sm font-semibold">
            Platform risk <RiskBandBadge score={result.platformRiskScore} />
          </p>
        </div>
        <div className="grid gap-4">
          <ScoreBar
            label="Platform risk"
            value={result.platformRiskScore}
            note="How much of your income one platform's algorithm could cut. Lower is safer."
            indicatorClassName={RISK_BAR_STYLES[riskBand(result.platformRiskScore)]}
          />
          <ScoreBar
            label="Diversification"
            value={result.diversificationScore}
            note={`Your income behaves like ${result.effectiveStreams.toFixed(1)} equal streams. Higher is safer.`}
          />
          <ScoreBar
            label="Resilience"
            value={result.engagementResilienceScore}
            note="Income you own, platforms you publish on and tracking your analytics. Higher is safer."
          />
        </div>
      </Card>

      <div className="grid gap-4 md:grid-cols-2">
        <Card className="grid content-start gap-2 p-6" data-testid="algorithm-dependency">
          <p className="text-sm font-bold tracking-wide text-muted-foreground uppercase">
            Algorithm dependency
          </p>
          <p className={cn('font-display text-4xl font-black tabular-nums', DEPENDENCY_STYLES[status])}>
            {result.algorithmDependency}%
          </p>
          <p className="text-sm text-muted-foreground">of your income is decided by platform algorithms.</p>
          <p className="font-semibold">Status: {DEPENDENCY_STATUS_LABELS[status]}</p>
        </Card>
        <Card className="grid content-start gap-2 p-6" data-testid="income-at-risk">
          <p className="text-sm font-bold tracking-wide text-muted-foreground uppercase">Income at risk</p>
          <p className="font-display text-4xl font-black tabular-nums">
            {formatPounds(result.incomeAtRisk)}
            <span className="text-base font-semibold text-muted-foreground"> a month</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {platform
              ? `What you would lose if ${platform}'s reach fell 40%, from ${formatPounds(result.monthlyRevenue)} a month.`
              : 'None of your income rides on one platform’s reach.'}
          </p>
        </Card>
      </div>

      <p className="text-sm text-muted-foreground" data-testid="health-basis">
        {HEALTH_BASIS_NOTES[result.basis]}
      </p>

      <section aria-labelledby="recommendations" className="grid gap-3">
        <h2 id="recommendations" className="text-xl font-bold">
          Recommendations
        </h2>
        <ol className="grid gap-3">
          {result.recommendations.map((item) => (
            <li key={item.title}>
              <Card className="grid gap-2 p-5">
                <div className="flex flex-wrap items-center gap-3">
                  <span
                    className={cn(
                      'rounded px-2 py-0.5 text-xs font-black uppercase',
                      PRIORITY_STYLES[item.priority],
                    )}
                  >
                    {item.priority} priority
                  </span>
                  <h3 className="font-bold">{item.title}</h3>
                </div>
                <p className="text-muted-foreground">{item.description}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <ScoreHistory />

      <div className="flex flex-wrap gap-3">
        <Button size="lg" asChild>
          <Link href="/blueprint">
            Get your AI blueprint
            <ArrowRightIcon aria-hidden="true" />
          </Link>
        </Button>
        <Button size="lg" variant="outline" onClick={onRerun}>
          <RefreshCwIcon aria-hidden="true" />
          Re-run analysis
        </Button>
      </div>
    </div>
  );
}

/** /health-check: no result, then running (3 s before the request), then the result (spec §4). */
export function HealthCheckPage() {
  const healthCheck = useHealthCheck();
  const run = useRunHealthCheck();
  const [isRunning, setRunning] = useState(false);
  useConnectionOutcomeToast();

  async function start() {
    setRunning(true);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_DELAY_MS));
    try {
      await run.mutateAsync();
      toast({ title: 'Health Check Complete' });
    } catch {
      toast({ title: 'Health Check Failed: Please try again later.', variant: 'destructive' });
    } finally {
      setRunning(false);
    }
  }

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-6 px-4 py-10">
      <div>
        <h1 className="flex items-center gap-3 font-display text-3xl font-black tracking-tight uppercase sm:text-4xl">
          <ActivityIcon className="size-8 text-primary" aria-hidden="true" />
          Health check
        </h1>
        <p className="mt-1 text-muted-foreground">
          How exposed your income is to platform algorithms, scored.
        </p>
      </div>
      {isRunning ? (
        <RunningPanel />
      ) : healthCheck.isPending ? (
        <LoadingStatus />
      ) : healthCheck.isError ? (
        <LoadFailed what="your health check" onRetry={() => void healthCheck.refetch()} />
      ) : healthCheck.data ? (
        <Result result={healthCheck.data} onRerun={start} />
      ) : (
        <StartPanel onRun={start} />
      )}
      {!isRunning && (
        <>
          <PlatformConnectPanel />
          <ScreenshotPanels />
        </>
      )}
    </main>
  );
}
