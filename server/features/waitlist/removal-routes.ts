import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { sendNoticePage } from '../../http/notice-page';
import type { Jobs } from '../../jobs/boss';
import { placeFootnote } from './confirm-routes';
import {
  checkRemovalLink,
  confirmRemoval,
  type RemovalRequestResult,
  type RemovalResult,
  requestRemoval,
} from './removal-service';
import { REMOVAL_LINK_MINUTES } from './removal-token';

/** The unsubscribe page's "Remove me from the waitlist" button posts here. */
export const REMOVAL_REQUEST_PATH = '/api/waitlist/removal-request';
const REMOVE_PATH = '/api/waitlist/remove';

const tokenQuery = (what: string) =>
  z.object({
    // Missing or mangled tokens get a readable 400 page rather than a JSON error.
    token: z.string().max(2000).default('').describe(what),
  });
const unsubscribeQuery = tokenQuery('The signed token from the unsubscribe link');
const removalQuery = tokenQuery('The single-use token from the emailed removal link');
const htmlPage = z.string().describe('An HTML page saying what happened');
const responses = { 200: htmlPage, 400: htmlPage };

const ASK_AGAIN =
  'To leave the waitlist, open the unsubscribe link in any waitlist email and choose Remove me from the waitlist: we will email you a new link.';

function page(
  reply: FastifyReply,
  config: Config,
  status: number,
  title: string,
  lines: string[],
  form?: { action: string; label: string },
) {
  return sendNoticePage(reply, status, {
    title,
    lines,
    publicUrl: config.publicUrl,
    footnote: placeFootnote(config),
    action: form && { kind: 'form', ...form },
  });
}

function sendRequestPage(reply: FastifyReply, config: Config, result: RemovalRequestResult) {
  switch (result.outcome) {
    case 'sent':
    case 'sent-recently':
      return page(reply, config, 200, 'Check your inbox', [
        result.outcome === 'sent'
          ? `We emailed ${result.email} a link to confirm you want to give up your waitlist place.`
          : `We emailed ${result.email} a link to confirm a moment ago: use that one.`,
        `Nothing changes until you open it and confirm. It works once, for ${REMOVAL_LINK_MINUTES} minutes.`,
      ]);
    case 'not-on-waitlist':
      return page(reply, config, 200, "You're not on the waitlist", [
        `There is no waitlist place for ${result.email}, so there is nothing to remove.`,
      ]);
    case 'invalid-token':
      return page(reply, config, 400, "This unsubscribe link doesn't work", [
        'The link may have been cut short by your email app. Open it again from the email, in full.',
      ]);
  }
}

function sendRemovalPage(reply: FastifyReply, config: Config, result: RemovalResult, token: string) {
  switch (result.outcome) {
    case 'confirm':
      return page(
        reply,
        config,
        200,
        `Give up place #${result.position}?`,
        [
          `Place #${result.position} and ${result.email} will be deleted from the waitlist.`,
          ...(result.alsoEnds ? [result.alsoEnds] : []),
          'Everyone after you moves up one place, and it cannot be undone.',
        ],
        { action: `${REMOVE_PATH}?token=${encodeURIComponent(token)}`, label: 'Give up my place' },
      );
    case 'removed':
      return page(reply, config, 200, "You're off the waitlist", [
        `We deleted place #${result.position} and ${result.email} from the waitlist. Everyone after it moved up one place, and we won't email you about the waitlist again.`,
      ]);
    case 'gone':
      return page(reply, config, 200, 'This place is already gone', [
        'The waitlist place this link was for has been removed. There is nothing more to do.',
      ]);
    case 'expired':
      return page(reply, config, 400, 'This link has expired', [
        `Removal links work for ${REMOVAL_LINK_MINUTES} minutes. Your place is still yours.`,
        ASK_AGAIN,
      ]);
    case 'invalid-link':
      return page(reply, config, 400, "This removal link doesn't work", [
        'Only the link we email after you ask to leave can remove a waitlist place, and it may have been cut short by your email app.',
        ASK_AGAIN,
      ]);
  }
}

/**
 * Leaving the waitlist, in two steps (decision 040): the unsubscribe page's button asks, and a
 * single-use link that expires is emailed to the place's address; opening it shows what goes, and only
 * its button deletes the place. Registered in the unsubscribe routes' scope, which reads form bodies.
 */
export function registerRemovalRoutes(
  scope: FastifyInstance,
  deps: { config: Config; db: Db; jobs: Jobs; now: Clock },
) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: 30, timeWindow: '1 minute' };
  const secret = deps.config.sessionSecret;
  const removal = { db: deps.db, jobs: deps.jobs, secret, publicUrl: deps.config.publicUrl };
  routes.post(
    REMOVAL_REQUEST_PATH,
    {
      // The signed token is the authorisation; the page's form arrives with `Origin: null`.
      config: { rateLimit, isCrossSiteAllowed: true },
      schema: {
        tags: ['waitlist'],
        summary: 'Ask to leave the waitlist: emails the place’s address a single-use link that confirms it',
        querystring: unsubscribeQuery,
        response: responses,
      },
    },
    async (request, reply) =>
      sendRequestPage(reply, deps.config, await requestRemoval(removal, request.query.token, deps.now())),
  );
  routes.get(
    REMOVE_PATH,
    {
      config: { rateLimit },
      schema: {
        tags: ['waitlist'],
        summary: 'The emailed removal link: a page saying what would go, with a button (changes nothing)',
        querystring: removalQuery,
        response: responses,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      return sendRemovalPage(
        reply,
        deps.config,
        await checkRemovalLink(deps.db, secret, token, deps.now()),
        token,
      );
    },
  );
  routes.post(
    REMOVE_PATH,
    {
      config: { rateLimit, isCrossSiteAllowed: true },
      schema: {
        tags: ['waitlist'],
        summary:
          'Give up the place: only with the emailed removal link; deleted for good, never handed to anyone else',
        querystring: removalQuery,
        response: responses,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      return sendRemovalPage(
        reply,
        deps.config,
        await confirmRemoval(deps.db, secret, token, deps.now()),
        token,
      );
    },
  );
}
