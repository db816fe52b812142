/**
 * Spellings a path we hand out never has, and that the router, Better Auth (which routes again from
 * the raw URL) and the checks in front of them may each read differently: a percent-escaped letter,
 * digit or `-._~` (`/%61pi/revenue` is `/api/revenue` to the router), an empty segment (`//`), a dot
 * segment (`/./`, `/../`), a backslash (a slash to the WHATWG URL parser) and a trailing slash.
 */
const NON_CANONICAL = /%(?:2[de]|3\d|4[1-9a-f]|5[\daf]|6[1-9a-f]|7[\dae])|\/\/|\/\.\.?(?:\/|$)|\\|.\/$/i;

/**
 * Whether the request target is a path written the one way the app writes it. An absolute-form target
 * (`POST http://host/api/...`, which only proxies are sent) counts as not: the router still matches
 * its path, so a check reading the target's first bytes would be misled.
 */
export function isCanonicalPath(url: string): boolean {
  if (url.charCodeAt(0) !== 47) return false;
  // The router takes `#` as well as `?` to end the path.
  const end = url.search(/[?#]/);
  return !NON_CANONICAL.test(end === -1 ? url : url.slice(0, end));
}

/** What a request whose path is not written the usual way is told. */
export const UNUSUAL_PATH_MESSAGE =
  'This address is not written the usual way (an escaped letter, a doubled or trailing slash, or a dot segment). Use the address exactly as the app or the email gives it.';
