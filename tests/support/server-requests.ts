/** fetch against a server, sending our own Origin (as a browser on our site would) unless told otherwise. */
export type RequestTo = (pathname: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/**
 * Requests to a server started as a process, shaped like a test app's `request` (our own Origin unless told,
 * JSON bodies, redirects not followed), so the helpers written for test apps work on processes too.
 */
export function requestsTo(baseUrl: string): { baseUrl: string; request: RequestTo } {
  return {
    baseUrl,
    request(pathname, init = {}) {
      const { json, headers, ...rest } = init;
      const merged = new Headers(headers);
      if (!merged.has('origin')) merged.set('origin', baseUrl);
      if (json !== undefined) merged.set('content-type', 'application/json');
      return fetch(`${baseUrl}${pathname}`, {
        ...rest,
        headers: merged,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
        redirect: rest.redirect ?? 'manual',
      });
    },
  };
}

/** Why a request got no answer (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET …), from fetch's causes. */
export function failureCode(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code) return code;
    if (cause.name === 'TimeoutError') return 'TIMEOUT';
  }
  return error instanceof Error ? error.message : String(error);
}
