import { apiErrorSchema } from '@common/api-error';
import type { WaitlistCounters } from '@common/waitlist';
import {
  waitlistCountersSchema,
  waitlistSignupRequestSchema,
  waitlistSignupResponseSchema,
} from '@common/waitlist-schemas';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AnsweredAhead } from '../../http/answered-ahead';
import { perClientLimit } from '../../http/rate-limit';
import type { Jobs } from '../../jobs/boss';
import type { WaitlistCountersCache } from './counters';
import { createSignupQueue, type WaitlistDeps } from './service';
import { registerUnsubscribeRoutes } from './unsubscribe-routes';

/** A person signs up once; a few retries (typos, a second address) fit, a script does not. */
export const SIGNUP_RATE_LIMIT = {
  max: 10,
  windowMs: 60_000,
  message: 'Too many signups from your connection. Please wait a minute and try again.',
};

/**
 * What the counters route sends besides the security headers, whichever way it is answered. A hook added
 * for every request does not run for the early answer: it must be added there too if it matters
 * (decision 039).
 */
const COUNTERS_HEADERS = {
  'cache-control': 'no-cache',
  'content-type': 'application/json; charset=utf-8',
} as const;

/**
 * The waitlist feature's routes: signing up, the spot counters, and the links in its emails. Every open
 * public page polls the counters: with metrics on, `answerAhead` serves them from memory before
 * routing, with the headers this route sends (decision 039).
 */
export async function registerWaitlistRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    jobs: Jobs;
    counters: WaitlistCountersCache;
    answerAhead?: (ahead: AnsweredAhead) => void;
  } & Pick<WaitlistDeps, 'lifetimePlaceLink'>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const signups = createSignupQueue(deps);

  routes.post(
    '/api/waitlist/signup',
    {
      config: { rateLimit: perClientLimit(SIGNUP_RATE_LIMIT) },
      schema: {
        tags: ['waitlist'],
        summary: 'Join the waitlist; an email already on it gets its original position back',
        body: waitlistSignupRequestSchema,
        response: {
          200: waitlistSignupResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { tier, position, message } = await signups.signUp(request.body);
      return { tier, position, message };
    },
  );

  routes.get(
    '/api/waitlist/counters',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Spots left (free and lifetime) and the number of signups, from memory',
        response: { 200: waitlistCountersSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.headers(COUNTERS_HEADERS);
      const json = deps.counters.snapshotJson();
      // Already serialised (a string is sent as it is); the schema above still documents its shape.
      if (json) return reply.send(json as unknown as WaitlistCounters);
      try {
        return await deps.counters.reload();
      } catch (error) {
        app.log.error({ err: error }, 'waitlist counters could not be loaded');
        throw new AppError(
          'UNAVAILABLE',
          'The spot counters are unavailable right now. Try again in a moment.',
        );
      }
    },
  );

  deps.answerAhead?.({
    path: '/api/waitlist/counters',
    headers: COUNTERS_HEADERS,
    body: () => deps.counters.snapshotJson(),
  });

  await registerUnsubscribeRoutes(app, deps);
}
