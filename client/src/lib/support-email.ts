import type { PublicConfig } from '@common/auth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Prerendered pages carry this in place of the support address, which is only known when the server
 * starts (SUPPORT_EMAIL); the server swaps in the real one and states it in a meta tag.
 */
export const SUPPORT_EMAIL_PLACEHOLDER = '__BALLAST_SUPPORT_EMAIL__';

export function publicConfigQueryOptions() {
  return queryOptions({
    queryKey: ['/api/config'],
    queryFn: getQueryFn<PublicConfig>({ on401: 'throw' }),
  });
}

function supportEmailInPage(): string | undefined {
  if (typeof document === 'undefined') return SUPPORT_EMAIL_PLACEHOLDER;
  return document.querySelector('meta[name="ballast-support-email"]')?.getAttribute('content') || undefined;
}

/**
 * The support address from GET /api/config. The server also writes it into every page it sends, so
 * the page can show it at once (and prerendered HTML hydrates with the same text).
 */
export function useSupportEmail(): string | undefined {
  const fromPage = supportEmailInPage();
  const { data } = useQuery({ ...publicConfigQueryOptions(), enabled: !fromPage });
  return fromPage ?? data?.supportEmail ?? undefined;
}
