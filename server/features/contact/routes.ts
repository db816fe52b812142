import { apiErrorSchema } from '@common/api-error';
import { contactMessageRequestSchema, contactMessageResponseSchema } from '@common/contact-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perClientLimit } from '../../http/rate-limit';
import { type ContactDeps, submitContactMessage } from './service';

export const CONTACT_RATE_LIMIT = {
  max: 5,
  windowMs: 60_000,
  message: 'You have sent several messages in a row. Please wait a minute before sending another.',
};

/**
 * The form is public; a signed-in sender's account is kept with the message (its plan decides priority
 * support). `findSenderId` answers null at once for a request without a session cookie.
 */
export function registerContactRoutes(
  app: FastifyInstance,
  deps: ContactDeps & { findSenderId: (request: FastifyRequest) => Promise<string | null> },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      config: { rateLimit: perClientLimit(CONTACT_RATE_LIMIT) },
      schema: {
        tags: ['contact'],
        summary: 'Send the team a message; the sender gets an acknowledgement by email',
        body: contactMessageRequestSchema,
        response: {
          200: contactMessageResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => submitContactMessage(deps, request.body, await deps.findSenderId(request)),
  );
}
