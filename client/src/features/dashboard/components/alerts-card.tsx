import { type Alert, alertPlatformLabel, alertTimeLabel } from '@common/alerts';
import { XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SeverityBadge, useDismissAlert } from '@/features/alerts/public';
import { LockedFeature } from '@/features/billing/public';
import { CardMessage, DashboardCard } from './dashboard-card';

const ALERTS_SHOWN = 5;

function AlertItem({ alert, now }: { alert: Alert; now: Date }) {
  const dismiss = useDismissAlert();
  return (
    <li className="grid gap-1 py-3" data-testid="alert">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <SeverityBadge severity={alert.severity} />
        <span className="font-semibold">{alertPlatformLabel(alert.platform)}</span>
        <time dateTime={alert.createdAt} className="ml-auto text-muted-foreground">
          {alertTimeLabel(alert.createdAt, now)}
        </time>
      </div>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{alert.title}</p>
        <button
          type="button"
          className="shrink-0 rounded-sm p-1 text-muted-foreground hover:text-foreground"
          onClick={() => dismiss.mutate(alert.id)}
          disabled={dismiss.isPending}
        >
          <XIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">Dismiss {alert.title}</span>
        </button>
      </div>
      {alert.description && <p className="text-sm text-muted-foreground">{alert.description}</p>}
      {alert.mitigationStrategy && <p className="text-sm">{alert.mitigationStrategy}</p>}
    </li>
  );
}

/** At most 5 alerts, with a view-all beyond that; 'Loading alerts...' and 'ALL CLEAR'. */
export function AlertsCard({
  alerts,
  isError,
  isRealTime,
  isWatching,
}: {
  alerts: Alert[] | undefined;
  isError: boolean;
  /** False for plans without real-time alerts: they get a daily scan, and are told what opens more. */
  isRealTime: boolean;
  /** Whether there is anything to watch (revenue or platforms): 'ALL CLEAR' means something only then. */
  isWatching: boolean | undefined;
}) {
  const [isShowingAll, setShowingAll] = useState(false);
  const now = new Date();
  const shown = isShowingAll ? alerts : alerts?.slice(0, ALERTS_SHOWN);

  return (
    <DashboardCard title="Alerts" testId="alerts-card">
      {isError ? (
        <CardMessage>Alerts are unavailable right now. Try again later.</CardMessage>
      ) : alerts === undefined || (alerts.length === 0 && isWatching === undefined) ? (
        <CardMessage>Loading alerts...</CardMessage>
      ) : alerts.length === 0 && !isWatching ? (
        <div className="grid gap-1">
          <p className="font-display text-2xl font-black">NOTHING TO WATCH YET</p>
          <CardMessage>
            Add revenue or tell us your platforms, and we start watching for drops and algorithm changes.
          </CardMessage>
        </div>
      ) : alerts.length === 0 ? (
        <div className="grid gap-1">
          <p className="font-display text-2xl font-black text-success">ALL CLEAR</p>
          <CardMessage>No algorithm changes or revenue drops need your attention.</CardMessage>
        </div>
      ) : (
        <>
          <ul className="divide-y">
            {shown?.map((alert) => (
              <AlertItem key={alert.id} alert={alert} now={now} />
            ))}
          </ul>
          {alerts.length > ALERTS_SHOWN && (
            <Button variant="link" className="mt-2" onClick={() => setShowingAll((all) => !all)}>
              {isShowingAll ? 'Show fewer' : `View all ${alerts.length} alerts`}
            </Button>
          )}
        </>
      )}
      {!isRealTime && <LockedFeature feature="realTimeAlerts" className="mt-3 border-t pt-3" />}
    </DashboardCard>
  );
}
