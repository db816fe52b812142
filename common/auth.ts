/**
 * Auth constants and helpers without zod, so that every public page can import them cheaply; the
 * schemas are in auth-schemas.ts.
 */

/** The base path of the auth library's own endpoints (sign-in, sign-up, magic link, OAuth callbacks). */
export const AUTH_BASE_PATH = '/api/identity';

/** First name, else the part of the email before the @, else 'Creator'. */
export function displayName(
  user: { firstName?: string | null; email?: string | null } | null | undefined,
): string {
  const firstName = user?.firstName?.trim();
  if (firstName) return firstName;
  const local = user?.email?.split('@')[0]?.trim();
  return local || 'Creator';
}

/** Password length rules, shown by the forms and enforced by the server (with a common-password check). */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

/** How long a sign-in link works; the email and the screens say so. */
export const MAGIC_LINK_MINUTES = 15;

/** How long the link in the sign-up email works. */
export const VERIFY_EMAIL_HOURS = 24;

/** How long a password-reset link works. */
export const PASSWORD_RESET_MINUTES = 60;

/** How recent a sign-in must be to delete the account without typing the password again. */
export const RECENT_SIGN_IN_MINUTES = 10;

/** How long a session started by an emailed link or single sign-on may open the operators' console. */
export const CONSOLE_SESSION_HOURS = 12;
