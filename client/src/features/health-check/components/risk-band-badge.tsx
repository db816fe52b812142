import { RISK_BAND_LABELS, type RiskBand, riskBand } from '@common/health-check';
import { cn } from '@/lib/utils';

const BAND_STYLES: Record<RiskBand, string> = {
  high: 'bg-destructive text-destructive-foreground',
  medium: 'bg-warning text-primary-foreground',
  low: 'bg-success text-primary-foreground',
};

/** The platform risk score's band, as a label. */
export function RiskBandBadge({ score }: { score: number }) {
  const band = riskBand(score);
  return (
    <span className={cn('rounded px-2 py-1 text-xs font-black uppercase', BAND_STYLES[band])}>
      {RISK_BAND_LABELS[band]}
    </span>
  );
}
