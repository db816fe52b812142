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
