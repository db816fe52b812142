import { stdSerializers } from 'pino';

/** `scheme://user:password@` anywhere in a text, also in a URL too malformed to parse. */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#"'`<>]*@/gi;

/** The text with the user and password of every URL in it replaced, so it can be printed. */
export function withoutUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, '$1[redacted]@');
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return withoutUrlCredentials(value);
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrub(item, depth + 1)]));
}

/**
 * Pino's error serializer, then every string in it without URL credentials: a connection error can
 * quote its connection string in the message, the stack or a field such as `input`.
 */
export function serializeErrorSafely(error: Error): SerializedError {
  return scrub(stdSerializers.err(error)) as SerializedError;
}

export const LOG_SERIALIZERS = { err: serializeErrorSafely };

/** Log redaction: whatever a log line carries, these never reach the output. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.secret',
  '*.sessionSecret',
  '*.apiKey',
  '*.clientSecret',
];

/**
 * Query parameters whose value grants something in a link we send or receive: the `token` of the
 * unsubscribe, sign-in, confirmation, "This wasn't me", reset-page and £5 links, an OAuth `code` and
 * `state`, Stripe's `session_id`. Any name with token, secret, password or signature in it counts too.
 * So do the console's look-ups by address (`email`, the waitlist's `q`, the audit log's `operator`):
 * a person's address is not kept in request logs.
 */
const SECRET_QUERY_NAME =
  /token|secret|password|signature|^(?:code|state|session_id|sig|key|otp|email|q|operator)$/i;

/** Path segments that are followed by a secret: Better Auth's reset link is `/reset-password/<token>`. */
const SECRET_PATH_PARENTS = new Set(['reset-password']);

const REDACTED = '[redacted]';

function decodedOrRaw(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/**
 * What a path may separate its segments with, as some layer reads it: `/`; `\`, which the WHATWG URL
 * parser (and so Better Auth, routing again from the raw URL) takes for `/`; and either escaped, once
 * or more (`%2F`, `%5c`, `%252F`), since one layer's decoding is the next one's input.
 */
const PATH_SEPARATOR = /\/|\\|%(?:25)*(?:2f|5c)/gi;

/** Percent-escapes undone until none is left (a few rounds at most), for judging a segment's name. */
function fullyDecoded(text: string): string {
  let decoded = text;
  for (let round = 0; round < 4; round++) {
    const next = decodedOrRaw(decoded);
    if (next === decoded) break;
    decoded = next;
  }
  return decoded;
}

/** Everything after a segment in SECRET_PATH_PARENTS, however the path spells it and its separators. */
function withoutPathSecrets(path: string): string {
  if (!path.includes('%') && !/reset-password/i.test(path)) return path;
  let segmentStart = 0;
  for (const separator of path.matchAll(PATH_SEPARATOR)) {
    const segment = path.slice(segmentStart, separator.index);
    const restAt = separator.index + separator[0].length;
    if (SECRET_PATH_PARENTS.has(fullyDecoded(segment).toLowerCase()) && restAt < path.length) {
      return `${path.slice(0, restAt)}${REDACTED}`;
    }
    segmentStart = restAt;
  }
  return path;
}

function withoutQuerySecrets(query: string): string {
  // A value ends at `?` too: a link nested unencoded in another's query loses its secrets as well.
  return query.replace(/([?#&;])([^=&#;?]*)=([^&#;?]*)/g, (pair, separator: string, name: string) =>
    SECRET_QUERY_NAME.test(decodedOrRaw(name)) ? `${separator}${name}=${REDACTED}` : pair,
  );
}

/**
 * A request's URL fit for a log line: the path and the harmless query values kept, the secrets a link
 * carries replaced, in the path (a reset token) and in the query (every other link's token). The router
 * decodes percent-escapes and takes `#` as well as `?` to start the query, so the names are judged
 * decoded and both start one here.
 */
export function withoutLinkSecrets(url: string): string {
  const queryAt = url.search(/[?#]/);
  if (queryAt === -1) return withoutPathSecrets(url);
  return withoutPathSecrets(url.slice(0, queryAt)) + withoutQuerySecrets(url.slice(queryAt));
}
