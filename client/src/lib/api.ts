import type { ApiErrorBody } from '@common/api-error';
import type { QueryFunction } from '@tanstack/react-query';

/** A non-success answer from our API. Its message is "<status>: <body or status text>". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The structured error our server sends, when the body is one. */
  get details(): ApiErrorBody | undefined {
    // Parsed by hand rather than with the zod schema: this helper is on every public page, zod is not.
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (typeof parsed !== 'object' || parsed === null) return undefined;
      const { error, message } = parsed as Record<string, unknown>;
      return typeof error === 'string' && typeof message === 'string' ? (parsed as ApiErrorBody) : undefined;
    } catch {
      return undefined;
    }
  }
}

async function throwIfNotOk(response: Response) {
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    throw new ApiError(response.status, text);
  }
}

/** Calls our API with cookies; sends JSON only when there is a body; throws ApiError when not ok. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  const response = await fetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return response;
}

export async function apiJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  return (await response.json()) as T;
}

/** Sends a multipart form (file uploads) with cookies; the browser sets its content type. */
export async function apiForm<T>(method: string, url: string, form: FormData): Promise<T> {
  const response = await fetch(url, {
    method,
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default query: GET the path in the query key and parse JSON. Optionally a 401 means "no data"
 * (the user call), and so can a 404: a card whose endpoint is not deployed yet, or a resource that
 * does not exist, shows its empty state instead of an error.
 */
export function getQueryFn<T>({
  on401,
  on404 = 'throw',
}: {
  on401: UnauthorizedBehavior;
  on404?: 'returnNull' | 'throw';
}): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(queryKey.join('/'), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    if (on404 === 'returnNull' && response.status === 404) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

const NETWORK_TROUBLE = "We couldn't reach Ballast. Check your connection and try again.";

/**
 * What to show a person for a failed call: the server's own message when it sent one, never a raw
 * status code or stack.
 */
export function describeError(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const message = error.details?.message;
    if (message && error.status < 500) return message;
    return fallback;
  }
  if (error instanceof TypeError) return NETWORK_TROUBLE;
  return fallback;
}
