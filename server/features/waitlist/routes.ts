import { apiErrorSchema } from '@common/api-error';
import type { WaitlistCounters } from '@common/waitlist';
import {
  waitlistCountersSchema,
  waitlistSignupRequestSchema,
  waitlistSignupResponseSchema,
} from '@common/waitlist-schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { perClientLimit } from '../../http/rate-limit';
import type { Jobs } from '../../jobs/boss';
import type { WaitlistCountersCache } from './counters';
import { referralCodeOf, registerPlaceRoutes } from './place-page';
import { createSignupQueue, type WaitlistDeps } from './service';
import { networkKey } from './signup-signals';
import { registerUnsubscribeRoutes } from './unsubscribe-routes';

/** A person signs up once; a few retries (typos, a second address) fit, a script does not. */
export const SIGNUP_RATE_LIMIT = {
  max: 10,
  windowMs: 60_000,
  message: 'Too many signups from your connection. Please wait a minute and try again.',
};

/**
 * The counters are the same for everyone and change only with a signup (decision 048): a browser asks
 * again each time (max-age=0) and gets 304 while its copy is current; a shared cache (a CDN) may answer
 * repeats for five seconds.
 */
export const COUNTERS_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, must-revalidate';

/** Whether a conditional request already holds `tag` (If-None-Match may list several, or be `*`). */
function holds(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((each) => each.trim().replace(/^W\//, ''))
    .some((each) => each === tag || each === '*');
}

/**
 * The waitlist feature's routes: signing up, the spot counters, and the links in its emails. Every open
 * public page polls the counters: they are answered from memory, through the same routing and hooks as
 * every other request, with an entity tag so a repeat costs a 304 (decision 048).
 */
export async function registerWaitlistRoutes(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    jobs: Jobs;
    counters: WaitlistCountersCache;
    now: Clock;
  } & Pick<WaitlistDeps, 'lifetimePlaceLink'>,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const waitlistDeps = { ...deps, secret: deps.config.sessionSecret, publicUrl: deps.config.publicUrl };
  const signups = createSignupQueue(waitlistDeps);
  registerPlaceRoutes(app, waitlistDeps);

  routes.post(
    '/api/waitlist/signup',
    {
      config: { rateLimit: perClientLimit(SIGNUP_RATE_LIMIT) },
      schema: {
        tags: ['waitlist'],
        summary:
          'Hold a waitlist place for 48 hours, kept once the emailed link confirms the address; an address already on the list is answered the same way and emailed its standing',
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
      const { tier, position, message } = await signups.signUp({
        ...request.body,
        network: networkKey(deps.config.sessionSecret, request.ip),
        referralCode: referralCodeOf(request.headers.cookie),
      });
      return { tier, position, message };
    },
  );

  routes.get(
    '/api/waitlist/counters',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'Spots left (free and lifetime) and the number of signups, from memory',
        // 304 (no body) for a poll whose If-None-Match holds the current entity tag.
        response: { 200: waitlistCountersSchema, 503: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', COUNTERS_CACHE_CONTROL);
      const json = deps.counters.snapshotJson();
      const tag = deps.counters.snapshotTag();
      if (json && tag) {
        reply.header('etag', tag);
        // Sent bare: no body, and no length or type of one (a client would wait for the bytes).
        if (holds(request.headers['if-none-match'], tag)) return (reply as FastifyReply).code(304).send();
        // Already serialised (a string is sent as it is); the schema above still documents its shape.
        return reply.type('application/json; charset=utf-8').send(json as unknown as WaitlistCounters);
      }
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

  await registerUnsubscribeRoutes(app, deps);
}
