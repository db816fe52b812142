import { PLAN_IDS } from '@common/plan-ids';

/**
 * Where to go once signed in, for a visitor who started something that needs an account (the hero's
 * "START YOUR BLUEPRINT"). Kept in localStorage for an hour, so it survives the sign-in's full-page
 * trips (single sign-on, a sign-in link opened in another tab); only our own subscribe page is
 * accepted, so nothing stored can send anyone elsewhere.
 */
const KEY = 'ballast.afterSignIn';
const KEPT_MS = 60 * 60 * 1000;
const ALLOWED = new RegExp(`^/subscribe(\\?plan=(${PLAN_IDS.join('|')}))?$`);

export function rememberAfterSignIn(path: string) {
  if (!ALLOWED.test(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the visitor lands on the dashboard instead.
  }
}

/** The remembered destination, once (it is forgotten as it is read). */
export function takeAfterSignIn(): string | null {
  try {
    const stored = localStorage.getItem(KEY);
    if (!stored) return null;
    localStorage.removeItem(KEY);
    const { path, at } = JSON.parse(stored) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || !ALLOWED.test(path)) return null;
    if (typeof at !== 'number' || Date.now() - at > KEPT_MS) return null;
    return path;
  } catch {
    return null;
  }
}

/**
 * The address a visitor typed before choosing to create an account (the hero's form), so the sign-up
 * form starts with it. Kept for this tab only, and never in a URL, where logs would keep it.
 */
const SIGN_UP_EMAIL_KEY = 'ballast.signUpEmail';

export function rememberSignUpEmail(email: string) {
  try {
    if (email) sessionStorage.setItem(SIGN_UP_EMAIL_KEY, email);
    else sessionStorage.removeItem(SIGN_UP_EMAIL_KEY);
  } catch {
    // Storage refused: the visitor types the address again.
  }
}

/** The remembered address, once. */
export function takeSignUpEmail(): string {
  try {
    const email = sessionStorage.getItem(SIGN_UP_EMAIL_KEY) ?? '';
    sessionStorage.removeItem(SIGN_UP_EMAIL_KEY);
    return email;
  } catch {
    return '';
  }
}
