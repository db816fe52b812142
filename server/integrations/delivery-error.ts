/**
 * A failed delivery, described well enough for the outbox to decide what comes next: retry with the
 * queue's backoff (the default), retry later than that (`retryAfterSeconds`, rate limits), or stop
 * (`isPermanent`: missing or refused configuration, which no retry can heal).
 */
export class DeliveryError extends Error {
  readonly isPermanent: boolean;
  readonly retryAfterSeconds?: number;
  /** A short machine-readable name for logs: 'rate-limited', 'TIMEOUT_ERROR' … */
  readonly kind: string;

  constructor(
    message: string,
    options: { kind: string; isPermanent?: boolean; retryAfterSeconds?: number; cause?: unknown },
  ) {
    super(message, { cause: options.cause });
    this.name = 'DeliveryError';
    this.kind = options.kind;
    this.isPermanent = options.isPermanent ?? false;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
