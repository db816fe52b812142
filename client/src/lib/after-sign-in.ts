import { PLAN_IDS } from '@common/plan-ids';
import { now } from './clock';

// Reading these back is in take-after-sign-in.ts: the landing page, which only remembers, loads none of it.

/**
 * Where to go once signed in, for a visitor who started something that needs an account (the hero's
 * "START YOUR BLUEPRINT"). Kept in localStorage for an hour (take-after-sign-in.ts forgets it then),
 * so it survives the sign-in's full-page trips (single sign-on, a sign-in link opened in another tab);
 * only our own subscribe page is accepted here, and the signed-in pages a bookmark names
 * (remember-page.ts), so nothing stored can send anyone elsewhere.
 */
export const AFTER_SIGN_IN_KEY = 'ballast.afterSignIn';
export const ALLOWED = new RegExp(`^/subscribe(\\?plan=(${PLAN_IDS.join('|')}))?$`);

export function rememberAfterSignIn(path: string) {
  if (ALLOWED.test(path)) keepAfterSignIn(path);
}

/** Stores a destination already checked (remember-page.ts checks the signed-in pages it names). */
export function keepAfterSignIn(path: string) {
  try {
    localStorage.setItem(AFTER_SIGN_IN_KEY, JSON.stringify({ path, at: now().getTime() }));
  } catch {
    // Storage refused (private mode): the visitor lands on the dashboard instead.
  }
}

/**
 * The address a visitor typed before choosing to create an account (the hero's form), so the sign-up
 * form starts with it. Kept for this tab only, and never in a URL, where logs would keep it.
 */
export const SIGN_UP_EMAIL_KEY = 'ballast.signUpEmail';

export function rememberSignUpEmail(email: string) {
  try {
    if (email) sessionStorage.setItem(SIGN_UP_EMAIL_KEY, email);
    else sessionStorage.removeItem(SIGN_UP_EMAIL_KEY);
  } catch {
    // Storage refused: the visitor types the address again.
  }
}
