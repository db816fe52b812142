/** The session cookie, with or without the __Secure- prefix it gets over https. */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?ballast\.session_token=/;

/**
 * Without this cookie a request is certainly signed out, so it can be answered (401, or the prerendered
 * signed-out page) without asking the database.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}
