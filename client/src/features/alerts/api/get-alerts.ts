import type { Alert, AlertPage } from '@common/alerts';
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

export type AlertPages = InfiniteData<AlertPage, unknown>;

/**
 * GET /api/alerts a page at a time: the unread alerts first however old, then the read ones, newest
 * first; the first page is the plain path, later ones add the cursor the page before ended with.
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
  });
}

/** Every alert loaded so far, in the server's order. */
export const alertsOfPages = (pages: AlertPages | undefined): Alert[] | undefined =>
  pages?.pages.flatMap((page) => page.alerts);

/** A new alert at the top of the first page (unread ones come first), once. */
export function withNewAlert(pages: AlertPages | undefined, alert: Alert): AlertPages | undefined {
  if (!pages) return pages;
  const without = pages.pages.map((page) => ({
    ...page,
    alerts: page.alerts.filter((existing) => existing.id !== alert.id),
  }));
  const [first, ...rest] = without;
  return first ? { ...pages, pages: [{ ...first, alerts: [alert, ...first.alerts] }, ...rest] } : pages;
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
