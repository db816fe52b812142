import { apiErrorSchema } from '@common/api-error';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { isCanonicalPath, UNUSUAL_PATH_MESSAGE } from '../../http/path-spelling';
import type { Auth } from './better-auth';
import { CLIENT_IP_HEADER } from './client-ip';

// Better Auth speaks Web Requests and Responses; these carry Fastify's to it and its answers back.

/** Copies a Web Response from the auth library onto Fastify's reply, keeping every Set-Cookie. */
export async function sendWebResponse(reply: FastifyReply, response: Response, path: string) {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status === 429 && !hasCode(text))
    return reply.send(rateLimited(path, response.headers.get('x-retry-after')));
  if (response.status >= 400) return reply.send(asApiError(response.status, text));
  if (text && response.headers.get('content-type')?.includes('application/json')) {
    return reply.send(JSON.stringify(withoutSessionTokens(parsedOrText(text))));
  }
  return reply.send(text || null);
}

/**
 * A session's token belongs in its httpOnly cookie and nowhere else. The library's answers name it in
 * their bodies too (every session `/list-sessions` lists, `/get-session`'s own, a sign-in's, a password
 * change's), where any script on the page could read it and hold the session; they are taken out. The
 * settings page lists sessions by id (`/api/account/sessions`).
 */
function withoutSessionTokens(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(withoutToken);
  if (!isObject(body)) return body;
  const kept = withoutToken(body) as Record<string, unknown>;
  return isObject(kept.session) ? { ...kept, session: withoutToken(kept.session) } : kept;
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function withoutToken(value: unknown): unknown {
  if (!isObject(value)) return value;
  const { token: _token, ...rest } = value;
  return rest;
}

const hasCode = (text: string) => /"code"\s*:/.test(text);

/**
 * The library's per-address limit answers "Too many requests. Please try again later.": a creator who
 * mistyped a password a few times is told how long to wait, and that a sign-in link still works.
 */
function rateLimited(path: string, retryAfter: string | null) {
  const seconds = Number(retryAfter);
  const wait =
    Number.isFinite(seconds) && seconds > 0 ? `Wait ${Math.ceil(seconds)} seconds` : 'Wait a minute';
  const message = path.endsWith('/sign-in/email')
    ? `Too many sign-in tries from this connection. ${wait} and try again, or use "Email me a link".`
    : `Too many tries from this connection. ${wait} and try again.`;
  return apiErrorSchema.parse({ error: 'RATE_LIMITED', message });
}

/** The library's errors ({ code, message }) in our one error shape ({ error, message }). */
function asApiError(status: number, text: string) {
  const body = parsedOrText(text);
  // Not JSON: a message from the status.
  const parsed: { code?: unknown; message?: unknown } = isObject(body) ? body : {};
  const fallback = status === 429 ? 'Too many attempts. Wait a minute and try again.' : 'That did not work.';
  return apiErrorSchema.parse({
    error: typeof parsed.code === 'string' ? parsed.code : status === 429 ? 'RATE_LIMITED' : 'AUTH_ERROR',
    message: typeof parsed.message === 'string' && parsed.message ? parsed.message : fallback,
  });
}

/** Text PostgreSQL cannot store, which the auth library would pass on to it and answer with a 500. */
const NUL = /%00|\\u0000/i;

/** The parsed body as the library reads it: JSON text again, refused when it cannot be written back. */
function bodyText(body: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    // A body nested deeper than the stack allows (Fastify parsed it; writing it back overflows).
    throw new AppError('BAD_REQUEST', 'The request body is nested too deeply. Send a flat JSON object.');
  }
  if (NUL.test(text))
    throw new AppError('BAD_REQUEST', 'The request contains a NUL character. Remove it and try again.');
  return text;
}

/**
 * The Fastify request as the Web Request the library reads; `method` asks it as another method (a
 * confirmation page's POST that opens an emailed link as the link's own GET would).
 */
export function toWebRequest(request: FastifyRequest, config: Config, method = request.method): Request {
  if (NUL.test(request.url)) {
    throw new AppError(
      'BAD_REQUEST',
      'The address contains a NUL character. Open the link again from the email.',
    );
  }
  const headers = fromNodeHeaders(request.headers);
  // Rate limits key on this: Fastify's request.ip honours TRUST_PROXY; a client cannot set it.
  headers.set(CLIENT_IP_HEADER, request.ip);
  const hasBody = method !== 'GET' && method !== 'HEAD' && request.body !== undefined;
  if (hasBody) headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Request(new URL(request.url, config.publicUrl), {
    method,
    headers,
    body: hasBody ? bodyText(request.body) : undefined,
  });
}

/**
 * A request answered by the library: its path held to the one spelling first (the library routes again
 * from the raw URL, resolving dot segments and backslashes, so `/magic-link/./verify` would reach its
 * endpoint past the routes that guard it), then asked as `method`, and the answer sent back.
 */
export async function answerFromLibrary(
  auth: Auth,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  method = request.method,
) {
  if (!isCanonicalPath(request.url)) throw new AppError('BAD_REQUEST', UNUSUAL_PATH_MESSAGE);
  const response = await auth.handler(toWebRequest(request, config, method));
  return sendWebResponse(reply, response, request.url.split('?')[0]!);
}
