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
