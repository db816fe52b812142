import { type HealthCheck, OVERALL_HEALTH_SCALE, PLATFORM_RISK_SCALE } from '@common/health-check';
import { Link } from 'wouter';
import { RiskBandBadge } from '@/features/health-check/public';
import { CardMessage, DashboardCard } from './dashboard-card';

/** Overall health, the score the card is named for, with platform risk and its band beneath; each says which way is good. */
export function HealthScoreCard({ healthCheck }: { healthCheck: HealthCheck | null | undefined }) {
  return (
    <DashboardCard
      title="Health Score"
      link={{ href: '/health-check', label: 'Open health check' }}
      testId="health-card"
    >
      {healthCheck === undefined ? (
        <CardMessage>Loading...</CardMessage>
      ) : healthCheck === null ? (
        <div className="grid gap-3">
          <CardMessage>No health check yet. See how exposed your income is to the algorithms.</CardMessage>
          <Link href="/health-check" className="font-semibold text-primary hover:underline">
            Run your health check
          </Link>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-display text-5xl font-black tabular-nums" data-testid="health-card-score">
              {Math.round(healthCheck.overallScore)}
            </span>
            <span className="text-muted-foreground">/100 overall health</span>
          </p>
          <CardMessage>{OVERALL_HEALTH_SCALE}</CardMessage>
          <p className="flex flex-wrap items-center gap-2 border-t pt-3 font-semibold">
            Platform risk {Math.round(healthCheck.platformRiskScore)}/100
            <RiskBandBadge score={healthCheck.platformRiskScore} />
          </p>
          <CardMessage>{PLATFORM_RISK_SCALE}</CardMessage>
        </div>
      )}
    </DashboardCard>
  );
}
