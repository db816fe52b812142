/**
 * How long a server asked us to wait, from its `Retry-After`: seconds, or an HTTP date (RFC 9110
 * §10.2.3). A date is measured against the same response's `Date` header, the server's own clock, so
 * neither our clock nor the skew between the two matters. Undefined when the header is absent or
 * cannot be read that way; each caller has its own default.
 */
export function retryAfterSeconds(response: Pick<Response, 'headers'>): number | undefined {
  const header = response.headers.get('retry-after')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header);
  const until = Date.parse(header);
  const sent = Date.parse(response.headers.get('date') ?? '');
  if (!Number.isFinite(until) || !Number.isFinite(sent)) return undefined;
  return Math.max(0, Math.ceil((until - sent) / 1000));
}
