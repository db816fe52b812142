import type { ApiErrorBody } from '@common/api-error';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable } from '../db/client';
import { AppError } from '../errors';

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';
const UNAVAILABLE_503 = 'Ballast is briefly unavailable. Please try again in a minute.';

const UNSTORABLE_TEXT_MESSAGE =
  'The request contains a character that cannot be saved (a NUL character). Remove it and try again.';

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here. Send the request body as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
};

function describeValidation(error: FastifyError): ApiErrorBody {
  const where = error.validationContext ?? 'body';
  const fields: Record<string, string> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    if (!field) {
      const message =
        where === 'body' ? 'The request body must be a JSON object.' : `The ${where} is invalid.`;
      return { error: 'VALIDATION_ERROR', message };
    }
    fields[field] ??= issue.message ?? 'is invalid';
  }
  const message = Object.entries(fields)
    .map(([field, text]) => `${field}: ${text}`)
    .join('; ');
  return { error: 'VALIDATION_ERROR', message, fields };
}

/**
 * PostgreSQL's refusals of characters it cannot store in text (a NUL byte, `\u0000`): JSON and query
 * strings carry them happily, so they come from the request, and the answer is a 400 rather than a 500.
 */
const UNSTORABLE_TEXT_CODES = new Set(['22021', '22P05']);

function isUnstorableText(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (UNSTORABLE_TEXT_CODES.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * Error bodies have one shape whatever the route answers on success, so they skip the route's response
 * schema: a route whose 400 is an HTML page (the unsubscribe link) would otherwise fail to serialise
 * the JSON refusal of a mangled query, and Fastify would answer 500 instead.
 */
/** An error answer, never kept by a browser or a shared cache, whatever its route had set before failing. */
function sendError(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply
    .status(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

/**
 * The one place errors become responses: bad input → 400 with what to fix, AppError → its status,
 * framework 4xx → a readable message, anything else → 500 without details (logged with the request id).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return sendError(reply, 400, describeValidation(error));
    }
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return sendError(reply, error.status, body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return sendError(reply, status, { error: code, message });
    }
    if (isUnstorableText(error)) {
      request.log.warn({ err: error }, 'request text with a character the database cannot store');
      return sendError(reply, 400, { error: 'BAD_REQUEST', message: UNSTORABLE_TEXT_MESSAGE });
    }
    if (isDatabaseUnreachable(error)) {
      // Not a bug to chase: the database is away (a restart, a failover) and the request can be retried.
      request.log.warn({ err: error }, 'the database could not be reached');
      return sendError(reply, 503, { error: 'UNAVAILABLE', message: UNAVAILABLE_503 });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, 500, { error: 'INTERNAL_ERROR', message: GENERIC_500 });
  });
}
