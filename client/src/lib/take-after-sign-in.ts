import { AFTER_SIGN_IN_KEY, ALLOWED, KEPT_MS } from './after-sign-in';
import { now } from './clock';

/** The remembered destination, once (it is forgotten as it is read). */
export function takeAfterSignIn(): string | null {
  try {
    const stored = localStorage.getItem(AFTER_SIGN_IN_KEY);
    if (!stored) return null;
    localStorage.removeItem(AFTER_SIGN_IN_KEY);
    const { path, at } = JSON.parse(stored) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || !ALLOWED.test(path)) return null;
    if (typeof at !== 'number' || now().getTime() - at > KEPT_MS) return null;
    return path;
  } catch {
    return null;
  }
}
