import { SIGN_UP_EMAIL_KEY } from './after-sign-in';

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
