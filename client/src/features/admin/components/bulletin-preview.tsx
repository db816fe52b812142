import { alertPlatformLabel } from '@common/alert-labels';
import type { Bulletin } from '@common/alerts';
import { Card } from '@/components/ui/card';
import { SeverityBadge } from '@/features/alerts/public';

type Shown = Pick<Bulletin, 'title' | 'description'> & {
  platform: string;
  severity: string;
  impactDescription?: string | null;
  mitigationStrategy?: string | null;
};

/**
 * What a creator will see in their dashboard's Alerts card; the impact goes only into the email that
 * Guardian and Mastermind subscribers get for critical and high bulletins, so it is shown apart.
 */
export function BulletinPreview({ bulletin, label }: { bulletin: Shown; label?: string }) {
  const isEmailed = bulletin.severity === 'critical' || bulletin.severity === 'high';
  return (
    <Card className="grid gap-1 p-4" role="group" aria-label={label}>
      <p className="flex flex-wrap items-center gap-2 text-xs">
        <SeverityBadge severity={bulletin.severity} />
        <span className="font-semibold">{alertPlatformLabel(bulletin.platform)}</span>
      </p>
      <p className="font-semibold">{bulletin.title}</p>
      <p className="text-sm text-muted-foreground">{bulletin.description}</p>
      {bulletin.mitigationStrategy && <p className="text-sm">{bulletin.mitigationStrategy}</p>}
      {bulletin.impactDescription && (
        <p className="mt-2 border-t pt-2 text-xs text-muted-foreground">
          {isEmailed
            ? `In the email to Guardian and Mastermind subscribers only. Impact: ${bulletin.impactDescription}`
            : `Kept with the alert, not shown on the dashboard. Impact: ${bulletin.impactDescription}`}
        </p>
      )}
    </Card>
  );
}
