import { alertPlatformLabel, alertTimeLabel } from '@common/alert-labels';
import type { Alert } from '@common/alerts';
import { BUSINESS_TIME_ZONE, formatDayAndMonth, londonDate } from '@common/calendar';
import { XIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { SeverityBadge, useAlerts, useDismissAlert } from '@/features/alerts/public';
import { LockedFeature } from '@/features/billing/public';
import { now } from '@/lib/clock';
import { CardMessage, DashboardCard } from './dashboard-card';

/** A reminder's answers load with the first reminder shown: most creators' alerts never need them. */
const RecordMonth = lazy(() => import('./record-month'));

const ALERTS_SHOWN = 5;
/** The planner's interval (ALERT_SCAN_CRON's default): new figures are checked within it. */
const SCAN_EVERY_MINUTES = 5;

const clockTime = (at: string) =>
  new Date(at).toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: BUSINESS_TIME_ZONE,
  });

/** "14:30" today in London, "2 December at 14:30" on another London day. */
function checkTime(at: string, now: Date): string {
  const day = londonDate(new Date(at));
  if (day === londonDate(now)) return clockTime(at);
  return `${formatDayAndMonth(day)} at ${clockTime(at)}`;
}

/** "Last checked 12 minutes ago. Next check by 18:25." (docs/product/app.md#alerts) */
export function checksSentence(
  checks: { lastCheckedAt: string | null; nextCheckAt: string | null },
  now: Date,
): string {
  const last = checks.lastCheckedAt
    ? `Last checked ${alertTimeLabel(checks.lastCheckedAt, now).replace(/^Just now$/, 'just now')}.`
    : 'Not checked yet.';
  const next = checks.nextCheckAt
    ? `Next check by ${checkTime(checks.nextCheckAt, now)}.`
    : `Next check within ${SCAN_EVERY_MINUTES} minutes of new figures.`;
  return `${last} ${next}`;
}

/**
 * Once an alert is dismissed, focus goes to the next alert's dismiss button (the one before for the last),
 * or to the card's heading when none is left, never to the page body.
 */
function focusAfterDismiss(button: HTMLElement) {
  const card = button.closest('[data-testid=alerts-card]')!;
  const buttons = [...card.querySelectorAll<HTMLElement>('li button[data-dismiss]')];
  const index = buttons.indexOf(button);
  const heading = card.querySelector('h2')!;
  heading.tabIndex = -1;
  (buttons[index + 1] ?? buttons[index - 1] ?? heading).focus();
}

function AlertItem({ alert, now }: { alert: Alert; now: Date }) {
  const dismiss = useDismissAlert();
  return (
    <li className={`grid gap-1 py-3 ${alert.readAt ? 'opacity-70' : ''}`} data-testid="alert">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <SeverityBadge severity={alert.severity} />
        <span className="font-semibold">{alertPlatformLabel(alert.platform)}</span>
        <time dateTime={alert.createdAt} className="ml-auto text-muted-foreground">
          {alertTimeLabel(alert.createdAt, now)}
        </time>
      </div>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{alert.title}</p>
        {alert.readAt ? (
          <span className="shrink-0 text-xs text-muted-foreground">Dismissed</span>
        ) : (
          <button
            type="button"
            data-dismiss
            className="-my-2.5 -mr-2.5 grid size-11 shrink-0 place-items-center rounded-sm text-muted-foreground hover:text-foreground"
            onClick={({ currentTarget }) =>
              dismiss.mutate(alert.id, { onSuccess: () => focusAfterDismiss(currentTarget) })
            }
            disabled={dismiss.isPending}
          >
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">Dismiss {alert.title}</span>
          </button>
        )}
      </div>
      {alert.description && <p className="text-sm text-muted-foreground">{alert.description}</p>}
      {alert.mitigationStrategy && <p className="text-sm">{alert.mitigationStrategy}</p>}
      {alert.record && !alert.readAt && (
        <Suspense fallback={null}>
          <RecordMonth alert={alert} />
        </Suspense>
      )}
    </li>
  );
}

/**
 * At most 5 alerts, with a view-all beyond that; 'Loading alerts...', 'ALL CLEAR' once the latest
 * figures are checked ('CHECKING NEW FIGURES' before), and when the scan last looked and looks next. The card
 * shows the unread alerts; the view-all shows every alert loaded, dismissed ones after them, and loads
 * the next page of older ones on request.
 */
export function AlertsCard({
  alerts: loaded,
  isError,
  isRealTime,
  isWatching,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
}: {
  /** Unread first, then read ones, as the server pages them. */
  alerts: Alert[] | undefined;
  isError: boolean;
  /** Another page of older alerts is on the server. */
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  /** False for plans without real-time alerts: they get a daily scan, and are told what opens more. */
  isRealTime: boolean;
  /** Whether there is anything to watch (revenue or platforms): 'ALL CLEAR' means something only then. */
  isWatching: boolean | undefined;
}) {
  const [isShowingAll, setShowingAll] = useState(false);
  const at = now();
  // The same query the dashboard pages alerts from: its first page says when the scan looks.
  const checks = useAlerts().data?.pages[0]?.checks;
  const isChecking = Boolean(checks?.nextCheckAt);
  const alerts = loaded?.filter((alert) => !alert.readAt);
  const shown = isShowingAll ? loaded : alerts?.slice(0, ALERTS_SHOWN);
  const allCount = loaded?.length ?? 0;
  const viewAll = (allCount > ALERTS_SHOWN || allCount > (alerts?.length ?? 0)) && (
    <Button variant="link" className="mt-2" onClick={() => setShowingAll((all) => !all)}>
      {isShowingAll ? 'Show fewer' : `View all ${allCount}${hasMore ? '+' : ''} alerts`}
    </Button>
  );

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
      ) : alerts.length === 0 && !isShowingAll && isChecking ? (
        <div className="grid gap-1">
          <p className="font-display text-2xl font-black">CHECKING NEW FIGURES</p>
          <CardMessage>Your latest figures have not been checked for drops yet.</CardMessage>
          {viewAll}
        </div>
      ) : alerts.length === 0 && !isShowingAll ? (
        <div className="grid gap-1">
          <p className="font-display text-2xl font-black text-success">ALL CLEAR</p>
          <CardMessage>No algorithm changes or revenue drops need your attention.</CardMessage>
          {viewAll}
        </div>
      ) : (
        <>
          <ul className="divide-y">
            {shown?.map((alert) => (
              <AlertItem key={alert.id} alert={alert} now={at} />
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            {viewAll}
            {isShowingAll && hasMore && (
              <Button variant="link" className="mt-2" onClick={onLoadMore} disabled={isLoadingMore}>
                {isLoadingMore ? 'Loading alerts...' : 'Load more alerts'}
              </Button>
            )}
          </div>
        </>
      )}
      {checks && isWatching && (
        <p className="mt-2 text-xs text-muted-foreground" data-testid="alert-checks">
          {checksSentence(checks, at)}
        </p>
      )}
      {!isRealTime && <LockedFeature feature="realTimeAlerts" className="mt-3 border-t pt-3" />}
    </DashboardCard>
  );
}
