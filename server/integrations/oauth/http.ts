import type { Config } from '../../config';
import { retryAfterSeconds } from '../retry-after';

/**
 * Why a provider's request failed, as far as what to do next goes:
 * - `token-refused`: the access token was refused (expired or revoked): refresh it, or reconnect.
 * - `wait`: the provider is throttling us; `retryAfterSeconds` says when to come back.
 * - `quota-day`: YouTube's daily quota is spent; it comes back when the quota day resets (midnight
 *   Pacific), which the caller works out from its own clock.
 * - `failed`: anything else (the provider erred, or refused the request itself).
 */
export type ProviderErrorKind = 'token-refused' | 'wait' | 'quota-day' | 'failed';

/**
 * Why a grant can no longer be used, in words the creator reads beside "Reconnect": reconnecting is a
 * chore, and knowing whether the sign-in ran out or was withdrawn tells them whether to expect it again.
 */
export const REFUSAL_REASONS = {
  lapsed: 'its sign-in ran out and could not be renewed',
  withdrawn: 'the access you gave Ballast was withdrawn or has expired',
  refused:
    'it refused the sign-in Ballast kept (it expired, the password was changed, or Ballast was removed from the account)',
} as const;
export type RefusalReason = keyof typeof REFUSAL_REASONS;

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: ProviderErrorKind = 'failed',
    /** Set when the provider asked us to come back later. */
    readonly retryAfterSeconds: number | null = null,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
    /** With `token-refused`: why the grant no longer works. */
    readonly refusal: RefusalReason | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  /** The grant cannot be used as it is: refresh it, and if that fails too, the creator reconnects. */
  get isAuthRevoked() {
    return this.kind === 'token-refused';
  }
}

const TIMEOUT_MS = 10_000;
/** A 429 asking for at most this long is waited out in place; a longer one reschedules the job. */
export const MAX_INLINE_WAIT_SECONDS = 10;
const INLINE_RETRIES = 2;
/**
 * Meta's throttling without an estimate of when access comes back: its rate limits are counted over
 * a rolling hour (developers.facebook.com/docs/graph-api/overview/rate-limiting).
 */
const GRAPH_THROTTLE_SECONDS = 3600;
/** Google's per-minute limits (rateLimitExceeded, userRateLimitExceeded): back off a few minutes. */
const GOOGLE_RATE_LIMIT_SECONDS = 300;

/**
 * Every provider URL goes through here: with OAUTH_PROVIDER_URL set, "https://accounts.google.com/x"
 * becomes "<OAUTH_PROVIDER_URL>/accounts.google.com/x", so one test server can stand in for all three.
 */
export function urlFor(config: Pick<Config, 'OAUTH_PROVIDER_URL'>, real: string): string {
  if (!config.OAUTH_PROVIDER_URL) return real;
  const url = new URL(real);
  return `${config.OAUTH_PROVIDER_URL.replace(/\/$/, '')}/${url.host}${url.pathname}${url.search}`;
}

/** Without a Retry-After we can read, a minute. */
const waitSeconds = (response: Response) => retryAfterSeconds(response) ?? 60;

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

type ErrorBody = {
  error?:
    | string
    | {
        code?: number | string;
        status?: string;
        errors?: { reason?: string }[];
        details?: { reason?: string }[];
      };
};

/** Graph API throttling codes (error-handling and rate-limiting pages): 4, 17, 32, 613, and 80000–80014. */
const isGraphThrottle = (code: unknown) =>
  typeof code === 'number' && ([4, 17, 32, 613].includes(code) || (code >= 80_000 && code <= 80_014));

/**
 * How long Meta says to wait: the largest `estimated_time_to_regain_access` (minutes) in
 * X-Business-Use-Case-Usage, when it gives one.
 */
function graphWaitSeconds(headers: Headers): number {
  const usage = parse(headers.get('x-business-use-case-usage') ?? '') as
    | Record<string, { estimated_time_to_regain_access?: number }[]>
    | undefined;
  const minutes = Object.values(usage ?? {})
    .flat()
    .map((entry) => Number(entry?.estimated_time_to_regain_access ?? 0));
  const longest = Math.max(0, ...minutes.filter(Number.isFinite));
  return longest > 0 ? longest * 60 : GRAPH_THROTTLE_SECONDS;
}

/** Google's error reasons, from either of its error shapes (`errors[]` or `details[]`). */
const googleReasons = (body: ErrorBody) =>
  typeof body.error === 'object'
    ? [...(body.error.errors ?? []), ...(body.error.details ?? [])].map((item) => item.reason)
    : [];

/**
 * What a refused request means, from its status and body (each platform's error reference, decision
 * 042): throttling to wait out, a refused token to refresh, or a plain failure.
 */
function classify(
  what: string,
  response: Response,
  text: string,
  attempt: number,
): ProviderError | 'retry-in-place' {
  const body = (parse(text) ?? {}) as ErrorBody;
  const status = response.status;
  const reasons = googleReasons(body);
  const graphCode = typeof body.error === 'object' ? body.error.code : undefined;
  if (status === 429) {
    const seconds = Math.max(waitSeconds(response), 2 ** attempt);
    if (seconds <= MAX_INLINE_WAIT_SECONDS && attempt < INLINE_RETRIES) return 'retry-in-place';
    return new ProviderError(`${what}: the provider asked us to slow down`, 'wait', seconds, status);
  }
  if (reasons.some((reason) => reason === 'quotaExceeded' || reason === 'dailyLimitExceeded'))
    return new ProviderError(`${what}: the daily quota is spent`, 'quota-day', null, status);
  if (reasons.some((reason) => reason === 'rateLimitExceeded' || reason === 'userRateLimitExceeded'))
    return new ProviderError(
      `${what}: the provider asked us to slow down`,
      'wait',
      GOOGLE_RATE_LIMIT_SECONDS,
      status,
    );
  if (isGraphThrottle(graphCode))
    return new ProviderError(
      `${what}: the provider asked us to slow down`,
      'wait',
      graphWaitSeconds(response.headers),
      status,
    );
  // Graph's 190 is an expired or invalid token; OAuth's invalid_grant a refresh token or code that no
  // longer works; a 401 the bearer token refused (RFC 6750). Any other 400 is our request at fault.
  const isTokenRefused =
    graphCode === 190 ||
    body.error === 'invalid_grant' ||
    (status === 401 && body.error !== 'invalid_client');
  return new ProviderError(
    `${what}: the provider answered ${status}${typeof body.error === 'string' ? ` ${body.error}` : ''}`,
    isTokenRefused ? 'token-refused' : 'failed',
    null,
    status,
    isTokenRefused ? (body.error === 'invalid_grant' ? 'withdrawn' : 'refused') : null,
  );
}

/**
 * One request to a provider, its JSON answer parsed. A 429 with a short Retry-After is waited out here
 * (with backoff, twice at most); any other throttling fails with the wait in the error, so the sync job
 * can come back then.
 */
export async function call<T>(what: string, url: string, init: RequestInit = {}): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new ProviderError(`${what}: the provider did not answer (${(error as Error).message})`);
    }
    const text = await response.text();
    if (!response.ok) {
      const failure = classify(what, response, text, attempt);
      if (failure !== 'retry-in-place') throw failure;
      await wait(Math.max(waitSeconds(response), 2 ** attempt));
      continue;
    }
    if (text === '') return {} as T;
    const answer = parse(text);
    if (answer === undefined) throw new ProviderError(`${what}: the provider's answer was not JSON`);
    return answer as T;
  }
}

export const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
  body: new URLSearchParams(fields).toString(),
});

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export const numberOrNull = (value: unknown) => {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
};
