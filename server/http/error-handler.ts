import type { ApiErrorBody } from '@common/api-error';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

const GENERIC_500 = 'Something went wrong on our side. Please try again in a moment.';

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
 * The one place errors become responses: bad input → 400 with what to fix, AppError → its status,
 * framework 4xx → a readable message, anything else → 500 without details (logged with the request id).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(describeValidation(error));
    }
    if (error instanceof AppError) {
      const body: ApiErrorBody = { error: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(error.status).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return reply.status(status).send({ error: code, message } satisfies ApiErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'INTERNAL_ERROR', message: GENERIC_500 } satisfies ApiErrorBody);
  });
}
