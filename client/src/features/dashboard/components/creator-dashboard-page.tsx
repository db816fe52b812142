import type { CurrentUser } from '@common/auth-schemas';
import { PLATFORM_RISK_SCALE } from '@common/health-check';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { alertsOfPages, useAlertStream, useAlerts } from '@/features/alerts/public';
import { usePlanCovers } from '@/features/billing/public';
import { useBlueprints } from '@/features/blueprints/public';
import { StrategyReviewCard } from '@/features/contact/public';
import { RiskBandBadge, useHealthCheck, useHealthCheckInputs } from '@/features/health-check/public';
import { useRecentRevenue, useRevenueSummary } from '@/features/revenue/public';
import { AlertsCard } from './alerts-card';
import { BlueprintProgressCard } from './blueprint-progress-card';
import { Shortcuts, Tile } from './dashboard-tiles';
import { HealthScoreCard } from './health-score-card';
import { MonthlyIncomeFigure } from './monthly-income-figure';
import { RevenueBreakdownCard } from './revenue-breakdown-card';

/** Shown only until the first health check: a chunk of its own, so a returning creator never loads it. */
const GetStartedChecklist = lazy(() => import('./get-started-checklist'));

/**
 * What the creator has given us, which decides the greeting and the alerts' empty state: a creator with
 * nothing recorded is welcomed (not welcomed back), and "all clear" is said only when there is something
 * to watch (revenue or platforms). Undefined while the answers load.
 */
function creatorSituation(facts: {
  entryCount: number | undefined;
  hasHealthCheck: boolean | undefined;
  blueprintCount: number | undefined;
  platformCount: number | undefined;
}) {
  const hasRevenue = facts.entryCount === undefined ? undefined : facts.entryCount > 0;
  const hasAny = Boolean(hasRevenue || facts.hasHealthCheck || (facts.blueprintCount ?? 0) > 0);
  const isKnown = [hasRevenue, facts.hasHealthCheck, facts.blueprintCount].every(
    (fact) => fact !== undefined,
  );
  // Most visits are returns: until every answer is in, a creator is welcomed back rather than flickering.
  const hasData = hasAny || !isKnown;
  const isWatching =
    hasRevenue || (facts.platformCount ?? 0) > 0
      ? true
      : hasRevenue === undefined || facts.platformCount === undefined
        ? undefined
        : false;
  return { hasData, isWatching };
}

/** `/` for an onboarded creator: the week at a glance. */
export function CreatorDashboardPage({ user }: { user: CurrentUser }) {
  const summary = useRevenueSummary();
  const recent = useRecentRevenue();
  const healthCheck = useHealthCheck();
  const blueprints = useBlueprints();
  const alerts = useAlerts();
  const hasRealTimeAlerts = usePlanCovers('realTimeAlerts');
  const hasStrategyReview = usePlanCovers('strategyReview');
  useAlertStream(hasRealTimeAlerts === true);
  const inputs = useHealthCheckInputs();
  const health = healthCheck.isError ? null : healthCheck.data;
  const hasNoHealthCheck = healthCheck.isSuccess && healthCheck.data === null;
  // A failed read counts as nothing there, so the cards never wait on it for good.
  const situation = creatorSituation({
    entryCount: summary.isError ? 0 : summary.data?.entryCount,
    hasHealthCheck: healthCheck.isError
      ? false
      : healthCheck.isSuccess
        ? healthCheck.data !== null
        : undefined,
    blueprintCount: blueprints.isError ? 0 : blueprints.data?.length,
    platformCount: inputs.isError ? 0 : inputs.data?.platforms.length,
  });

  return (
    <main className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-6 px-4 py-10">
      <div className="flex flex-wrap items-end justify-between gap-6">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight uppercase break-words sm:text-4xl">
            {situation.hasData ? 'Welcome back' : 'Welcome'}, {user.firstName?.trim() || 'Creator'}
          </h1>
          <p className="mt-1 text-muted-foreground">
            {situation.hasData
              ? 'Your income, your exposure and your plan.'
              : 'Nothing recorded yet: the steps below get your first score.'}{' '}
            <Link href="/onboarding" className="font-semibold text-primary hover:underline">
              Update your answers
            </Link>
          </p>
        </div>
        <MonthlyIncomeFigure income={summary.data?.monthlyIncome} />
      </div>

      <Shortcuts />

      {hasNoHealthCheck && (
        <Suspense fallback={null}>
          <GetStartedChecklist
            hasRevenue={(summary.data?.entryCount ?? 0) > 0}
            hasBlueprint={(blueprints.data?.length ?? 0) > 0}
          />
        </Suspense>
      )}

      <section aria-label="At a glance" className="grid gap-4 sm:grid-cols-2">
        <Tile label="Platform Risk" value={health ? `${Math.round(health.platformRiskScore)}/100` : '—'}>
          {health ? (
            <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <RiskBandBadge score={health.platformRiskScore} />
              {PLATFORM_RISK_SCALE}
            </span>
          ) : (
            <span className="text-sm text-muted-foreground">Run a health check to score your risk.</span>
          )}
        </Tile>
        <Tile label="Revenue Streams" value={summary.data ? String(summary.data.streamCount) : '…'}>
          <span className="text-sm text-muted-foreground">Different sources you earn from</span>
        </Tile>
      </section>

      <div className="grid gap-4 lg:grid-cols-2">
        <HealthScoreCard healthCheck={healthCheck.isPending ? undefined : health} />
        <BlueprintProgressCard blueprints={blueprints.isError ? [] : blueprints.data} />
        <RevenueBreakdownCard entries={recent.isError ? [] : recent.data} />
        <AlertsCard
          alerts={alertsOfPages(alerts.data)}
          isError={alerts.isError}
          hasMore={alerts.hasNextPage}
          isLoadingMore={alerts.isFetchingNextPage}
          onLoadMore={() => void alerts.fetchNextPage()}
          isRealTime={hasRealTimeAlerts !== false}
          isWatching={situation.isWatching}
        />
      </div>

      <StrategyReviewCard isAvailable={hasStrategyReview} />
    </main>
  );
}
