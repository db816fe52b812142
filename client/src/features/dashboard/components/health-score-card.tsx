import { type HealthCheck, RISK_BAND_LABELS, type RiskBand, riskBand } from '@common/health-check';
import { Link } from 'wouter';
import { cn } from '@/lib/utils';
import { CardMessage, DashboardCard } from './dashboard-card';

const BAND_STYLES: Record<RiskBand, string> = {
  high: 'bg-destructive text-destructive-foreground',
  medium: 'bg-warning text-primary-foreground',
  low: 'bg-success text-primary-foreground',
};

export function RiskBandBadge({ score }: { score: number }) {
  const band = riskBand(score);
  return (
    <span className={cn('rounded px-2 py-1 text-xs font-black uppercase', BAND_STYLES[band])}>
      {RISK_BAND_LABELS[band]}
    </span>
  );
}

/** Spec §2: the risk score with its band. */
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
          <p className="flex items-baseline gap-2">
            <span className="font-display text-5xl font-black tabular-nums">
              {Math.round(healthCheck.platformRiskScore)}
            </span>
            <span className="text-muted-foreground">/100 platform risk</span>
          </p>
          <p>
            <RiskBandBadge score={healthCheck.platformRiskScore} />
          </p>
          <CardMessage>Overall health {Math.round(healthCheck.overallScore)}/100</CardMessage>
        </div>
      )}
    </DashboardCard>
  );
}
