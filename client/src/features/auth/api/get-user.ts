import type { CurrentUser } from '@common/auth-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@/lib/api';
import { now } from '@/lib/clock';

export const USER_CACHE_MS = 5 * 60 * 1000;

/**
 * The server marks pages it sends to a request without a session cookie: such a visitor is certainly
 * signed out, so we start there instead of asking (and showing 'Loading...' meanwhile).
 */
function isKnownSignedOut(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.querySelector('meta[name="ballast-session"][content="none"]') !== null
  );
}

export function userQueryOptions() {
  return queryOptions({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    staleTime: USER_CACHE_MS,
    retry: false,
    refetchOnWindowFocus: false,
    ...(isKnownSignedOut() ? { initialData: null, initialDataUpdatedAt: now().getTime() } : {}),
  });
}

/** Authenticated when a user is loaded; a 401 from the user call means signed out. */
export function useAuth() {
  const { data, isLoading } = useQuery(userQueryOptions());
  const user = data ?? null;
  return { user, isLoading, isAuthenticated: user !== null };
}
