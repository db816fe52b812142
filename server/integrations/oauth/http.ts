import type { Config } from '../../config';

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly isAuthRevoked = false,
    /** Set when the provider asked us to come back later (429, or a spent daily quota). */
    readonly retryAfterSeconds: number | null = null,
    /** The provider's HTTP status, when it answered. */
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

const TIMEOUT_MS = 10_000;
/** A 429 asking for at most this long is waited out in place; a longer one reschedules the job. */
export const MAX_INLINE_WAIT_SECONDS = 10;
const INLINE_RETRIES = 2;
/** YouTube's daily quota resets at midnight Pacific time: an hour later is the soonest worth trying. */
const SPENT_QUOTA_RETRY_SECONDS = 3600;

/**
 * Every provider URL goes through here: with OAUTH_PROVIDER_URL set, "https://accounts.google.com/x"
 * becomes "<OAUTH_PROVIDER_URL>/accounts.google.com/x", so one test server can stand in for all three.
 */
export function urlFor(config: Pick<Config, 'OAUTH_PROVIDER_URL'>, real: string): string {
  if (!config.OAUTH_PROVIDER_URL) return real;
  const url = new URL(real);
  return `${config.OAUTH_PROVIDER_URL.replace(/\/$/, '')}/${url.host}${url.pathname}${url.search}`;
}

/** Retry-After is either seconds or an HTTP date (RFC 9110 §10.2.3); without one, a minute. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number {
  if (header && /^\d+$/.test(header.trim())) return Number(header.trim());
  const date = header ? Date.parse(header) : Number.NaN;
  if (Number.isFinite(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  return 60;
}

const wait = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Google's "quotaExceeded" / "dailyLimitExceeded" reasons (a 403, not a 429). */
const isSpentQuota = (status: number, text: string) =>
  status === 403 && /"(quotaExceeded|dailyLimitExceeded|rateLimitExceeded)"/.test(text);

/**
 * One request to a provider, its JSON answer parsed. A 429 is honoured: a short Retry-After is waited
 * out here (with backoff, twice at most); a longer one, or a spent daily quota, fails with the wait in
 * the error so the sync job can come back then.
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
    if (response.status === 429 || isSpentQuota(response.status, text)) {
      const seconds =
        response.status === 429
          ? Math.max(retryAfterSeconds(response.headers.get('retry-after')), 2 ** attempt)
          : SPENT_QUOTA_RETRY_SECONDS;
      if (seconds <= MAX_INLINE_WAIT_SECONDS && attempt < INLINE_RETRIES) {
        await wait(seconds);
        continue;
      }
      throw new ProviderError(`${what}: the provider asked us to slow down`, false, seconds);
    }
    if (!response.ok) {
      throw new ProviderError(
        `${what}: the provider answered ${response.status}`,
        response.status === 400 || response.status === 401,
        null,
        response.status,
      );
    }
    if (text === '') return {} as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ProviderError(`${what}: the provider's answer was not JSON`);
    }
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
