import { AFTER_SIGN_IN_KEY, ALLOWED } from './after-sign-in';
import { now } from './clock';

/** A destination is kept for an hour: long enough for any sign-in, too short to surprise anyone later. */
const KEPT_MS = 60 * 60 * 1000;

/** The signed-in pages a bookmark returns to after sign-in, as remember-page.ts names them. */
export const SIGNED_IN_PAGE = /^\/(dashboard|health-check|blueprint|settings)$/;

/** The remembered destination, once (it is forgotten as it is read). */
export function takeAfterSignIn(): string | null {
  try {
    const stored = localStorage.getItem(AFTER_SIGN_IN_KEY);
    if (!stored) return null;
    localStorage.removeItem(AFTER_SIGN_IN_KEY);
    const { path, at } = JSON.parse(stored) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || !(ALLOWED.test(path) || SIGNED_IN_PAGE.test(path))) return null;
    if (typeof at !== 'number' || now().getTime() - at > KEPT_MS) return null;
    return path;
  } catch {
    return null;
  }
}
