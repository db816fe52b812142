import { apiErrorSchema } from '@common/api-error';
import {
  contactMessageRequestSchema,
  contactMessageResponseSchema,
  strategyReviewRequestSchema,
} from '@common/contact-schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perClientLimit } from '../../http/rate-limit';
import { registerSignedInRoutes, type SignedIn, signedInUser } from '../auth/public';
import { type ContactDeps, requestStrategyReview, submitContactMessage } from './service';

export const CONTACT_RATE_LIMIT = {
  max: 5,
  windowMs: 60_000,
  message: 'You have sent several messages in a row. Please wait a minute before sending another.',
};

export type ContactRouteDeps = ContactDeps & {
  /** The signed-in account behind a request, null at once for one without a session cookie. */
  findSenderId: (request: FastifyRequest) => Promise<string | null>;
  signedIn: SignedIn;
  now: () => Date;
};

/**
 * The contact feature's routes. The form is public; a signed-in sender's account is kept with the
 * message (its plan decides priority support). The strategy review is asked for signed in.
 */
export async function registerContactRoutes(app: FastifyInstance, deps: ContactRouteDeps) {
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

  await registerSignedInRoutes(app, deps.signedIn, (signedIn) => {
    signedIn.withTypeProvider<ZodTypeProvider>().post(
      '/api/strategy-review',
      {
        schema: {
          tags: ['contact'],
          summary:
            'Ask for this month’s strategy review (The Mastermind), with an optional note of what to look at',
          body: strategyReviewRequestSchema,
          response: {
            200: contactMessageResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            402: apiErrorSchema,
            409: apiErrorSchema,
          },
        },
      },
      async (request) => requestStrategyReview(deps, signedInUser(request), request.body.note),
    );
  });
}
