import { keepAfterSignIn } from './after-sign-in';

/**
 * The signed-in pages a signed-out visit (a bookmark of /dashboard) is offered a way back to, as the
 * not-found page names them ("Sign in to see your dashboard"). take-after-sign-in.ts accepts the same
 * pages (SIGNED_IN_PAGE); this module loads only with the not-found page, never with the landing page.
 */
export const SIGNED_IN_PAGE_NAMES: Readonly<Record<string, string>> = {
  '/dashboard': 'your dashboard',
  '/health-check': 'your health check',
  '/blueprint': 'your blueprint',
  '/settings': 'your settings',
};

/** Remembers a named signed-in page for after sign-in (read back by take-after-sign-in.ts). */
export function rememberPageAfterSignIn(path: string) {
  if (path in SIGNED_IN_PAGE_NAMES) keepAfterSignIn(path);
}
