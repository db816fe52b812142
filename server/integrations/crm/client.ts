import type { CrmPath } from '../outbound-message';

/** The external data service's answer: a success flag or an error object (docs/product/operators-and-data.md). */
export type CrmResult =
  | { success: true }
  | { success: false; error: { code: 'HTTP_ERROR' | 'TIMEOUT_ERROR' | 'NETWORK_ERROR'; message: string } };

export type CrmClient = {
  send(path: CrmPath, body: Record<string, unknown>, options: { idempotencyKey: string }): Promise<CrmResult>;
};

export const CRM_TIMEOUT_MS = 10_000;

const DEFAULT_ERROR_MESSAGE = 'Failed to connect to API';

/** Each path carries its source, whatever the sender put in the body, so the service can tell them apart. */
const SOURCE_BY_PATH: Record<CrmPath, string> = {
  '/api/v1/waitlist': 'waitlist',
  '/api/v1/contacts': 'contact_form',
  '/api/v1/users': 'registration',
};

export function createCrmClient(options: { url: string; apiKey?: string; timeoutMs?: number }): CrmClient {
  const timeoutMs = options.timeoutMs ?? CRM_TIMEOUT_MS;
  return {
    async send(path, body, { idempotencyKey }) {
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        accept: 'application/json',
        // The outbox id: a copy retried after a lost answer is recognisable as the same copy.
        'idempotency-key': idempotencyKey,
      };
      if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
      try {
        const response = await fetch(`${options.url}${path}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ ...body, source: SOURCE_BY_PATH[path] }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Drain the body so the connection goes back to the pool.
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok) {
          return {
            success: false,
            error: { code: 'HTTP_ERROR', message: `HTTP ${response.status}: ${response.statusText}` },
          };
        }
        return { success: true };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'TimeoutError') {
          return {
            success: false,
            error: { code: 'TIMEOUT_ERROR', message: `No answer within ${timeoutMs / 1000} s` },
          };
        }
        const cause = (error as { cause?: { code?: string } }).cause?.code;
        return {
          success: false,
          error: {
            code: 'NETWORK_ERROR',
            message: cause ? `${DEFAULT_ERROR_MESSAGE} (${cause})` : DEFAULT_ERROR_MESSAGE,
          },
        };
      }
    },
  };
}
