/** Better Auth's session cookie (our `cookiePrefix` plus its `session_token`). */
const SESSION_COOKIE_NAME = 'ballast.session_token';

/** The session cookie, with or without the __Secure- prefix it gets over https. */
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)(?:__Secure-)?${SESSION_COOKIE_NAME.replace('.', '\\.')}=`);

/**
 * Without this cookie a request is certainly signed out, so it can be answered (401, or the prerendered
 * signed-out page) without asking the database.
 */
export function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return SESSION_COOKIE.test(cookieHeader ?? '');
}

/** A Set-Cookie that clears the session cookie in the browser, for when its session is already gone. */
export function clearedSessionCookie(isHttps: boolean): string {
  const name = isHttps ? `__Secure-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME;
  return `${name}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${isHttps ? '; Secure' : ''}`;
}
