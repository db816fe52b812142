import { byUrgency } from '@common/alert-labels';
import type { Alert, AlertPage } from '@common/alerts';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';
import { now } from '@/lib/clock';

export type AlertPages = InfiniteData<AlertPage, unknown>;

/**
 * GET /api/alerts a page at a time: the unread alerts first however old, then the read ones, each by
 * severity, then money at stake, then newest; the first page is the plain path, later ones add the cursor the page before ended with.
 */
export function alertsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['/api/alerts'],
    queryFn: ({ pageParam }) =>
      apiJson<AlertPage>(
        'GET',
        pageParam === null ? '/api/alerts' : `/api/alerts?cursor=${encodeURIComponent(pageParam)}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Read again on each visit (figures added elsewhere change what the scan says), and once the
    // awaited check is due, so "next check by 18:25" is followed by its result without a reload.
    staleTime: 0,
    refetchInterval: (query) => {
      const next = query.state.data?.pages[0]?.checks.nextCheckAt;
      if (!next) return false;
      return Math.max(new Date(next).getTime() - now().getTime(), 0) + CHECK_SETTLE_MS;
    },
  });
}

/** A scan takes a few seconds after the planner's mark; ask a little after it. */
const CHECK_SETTLE_MS = 30_000;

/** Every alert loaded so far, in the server's order. */
export const alertsOfPages = (pages: AlertPages | undefined): Alert[] | undefined =>
  pages?.pages.flatMap((page) => page.alerts);

/** A new alert on the first page where the list's order puts it, once. */
export function withNewAlert(pages: AlertPages | undefined, alert: Alert): AlertPages | undefined {
  if (!pages) return pages;
  const without = pages.pages.map((page) => ({
    ...page,
    alerts: page.alerts.filter((existing) => existing.id !== alert.id),
  }));
  const [first, ...rest] = without;
  if (!first) return pages;
  // Placed where the server would list it: after the unread alerts that outrank it.
  const at = first.alerts.findIndex((existing) => existing.readAt || byUrgency(alert, existing) <= 0);
  const alerts = [...first.alerts];
  alerts.splice(at === -1 ? alerts.length : at, 0, alert);
  return { ...pages, pages: [{ ...first, alerts }, ...rest] };
}

/** An alert the creator dismissed, shown read where it was until the list is read again. */
export function withAlertRead(pages: AlertPages | undefined, read: Alert): AlertPages | undefined {
  if (!pages) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page) => ({
      ...page,
      alerts: page.alerts.map((alert) => (alert.id === read.id ? read : alert)),
    })),
  };
}

export function useAlerts() {
  return useInfiniteQuery(alertsQueryOptions());
}
