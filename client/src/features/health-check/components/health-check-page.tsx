import {
  HEALTH_BASIS_NOTES,
  type HealthCheck,
  OVERALL_HEALTH_SCALE,
  PLATFORM_RISK_SCALE,
  riskBand,
} from '@common/health-check';
import { ActivityIcon, ArrowRightIcon, RefreshCwIcon } from 'lucide-react';
import { lazy, type Ref, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { LoadFailed, LoadingStatus } from '@/components/ui/query-status';
import { toast } from '@/components/ui/use-toast';
import { useConnectionOutcomeToast } from '@/features/platforms/public';
import { useHealthCheck } from '../api/get-health-check';
import { useRunHealthCheck } from '../api/run-health-check';
import { BooksPanel } from './books-panel';
import { RecommendationsList } from './recommendations-list';
import { RiskBandBadge } from './risk-band-badge';
import { AlgorithmDependency, RiskSideBySide } from './risk-side-by-side';
import { HEALTH_CHECK_DELAY_MS, RunningPanel } from './running-panel';
import { ScoreHistory } from './score-history';
import { StartPanel } from './start-panel';

const EvidencePanels = lazy(() => import('./evidence-panels'));

/** Risk fills red or amber as it rises, unlike the bars where more is better. */
const RISK_BAR_STYLES = { high: 'bg-destructive', medium: 'bg-warning', low: 'bg-success' } as const;

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
        <span className="font-bold tabular-nums">{value}/100</span>
      </div>
      <Progress value={value} aria-label={label} indicatorClassName={indicatorClassName} />
      <p className="text-xs text-muted-foreground">{note}</p>
    </div>
  );
}

function Result({
  result,
  onRerun,
  headingRef,
}: {
  result: HealthCheck;
  onRerun: () => void;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="grid gap-6" data-testid="health-result">
      <Card className="grid gap-6 p-6 md:grid-cols-[auto_1fr] md:items-center">
        <div className="grid justify-items-start gap-2">
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="text-sm font-bold tracking-wide text-muted-foreground uppercase outline-none"
          >
            Overall score
          </h2>
          <p className="flex items-baseline gap-1">
            <span className="font-display text-6xl font-black tabular-nums" data-testid="overall-score">
              {result.overallScore}
            </span>
            <span className="text-xl text-muted-foreground">/100</span>
          </p>
          <p className="text-xs text-muted-foreground">{OVERALL_HEALTH_SCALE}</p>
          <p className="flex items-center gap-2 text-sm font-semibold">
            Platform risk <RiskBandBadge score={result.platformRiskScore} />
          </p>
        </div>
        <div className="grid gap-4">
          <ScoreBar
            label="Platform risk"
            value={result.platformRiskScore}
            note={`${PLATFORM_RISK_SCALE}. Lower is safer.`}
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

      <RiskSideBySide result={result} />
      <AlgorithmDependency result={result} />

      <p className="text-sm text-muted-foreground" data-testid="health-basis">
        {HEALTH_BASIS_NOTES[result.basis]}
      </p>

      <BooksPanel result={result} />
      <RecommendationsList result={result} />

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

/** /health-check: no result, then running (3 s before the request), then the result (docs/product/app.md). */
export function HealthCheckPage() {
  const healthCheck = useHealthCheck();
  const run = useRunHealthCheck();
  const [isRunning, setRunning] = useState(false);
  const [focusAfterRun, setFocusAfterRun] = useState<'result' | 'page' | null>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const pageHeading = useRef<HTMLHeadingElement>(null);
  useConnectionOutcomeToast();

  // Arriving from a screen that went away (onboarding's Complete), focus would be nowhere: the heading
  // takes it, so the next Tab starts here rather than at the top of the document.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) pageHeading.current?.focus();
  }, []);

  // The running panel replaced what had focus: after a run, focus goes to the result (or, after a
  // failure, to the page's heading), never back to the top of the document.
  useEffect(() => {
    if (isRunning || !focusAfterRun) return;
    (focusAfterRun === 'result' ? resultHeading.current : pageHeading.current)?.focus();
    setFocusAfterRun(null);
  }, [isRunning, focusAfterRun]);

  async function start() {
    setRunning(true);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_CHECK_DELAY_MS));
    try {
      await run.mutateAsync();
      toast({ title: 'Health Check Complete' });
      setFocusAfterRun('result');
    } catch {
      toast({ title: 'Health Check Failed: Please try again later.', variant: 'destructive' });
      setFocusAfterRun('page');
    } finally {
      setRunning(false);
    }
  }

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-6 px-4 py-10">
      <div>
        <h1
          ref={pageHeading}
          tabIndex={-1}
          className="flex items-center gap-3 font-display text-3xl font-black tracking-tight uppercase outline-none sm:text-4xl"
        >
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
        <Result result={healthCheck.data} onRerun={start} headingRef={resultHeading} />
      ) : (
        <StartPanel onRun={start} />
      )}
      {!isRunning && (
        <Suspense fallback={<LoadingStatus />}>
          <EvidencePanels />
        </Suspense>
      )}
    </main>
  );
}
