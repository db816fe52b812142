import { ERROR_STATUS, type ErrorCode } from '@common/api-error';

/**
 * The one error type services throw. The error handler turns `code` into an HTTP status and
 * sends `message` to the client, so the message must be safe and useful to show a person.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);
