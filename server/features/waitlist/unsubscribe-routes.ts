import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { acceptNoticePageForms, sendNoticePage } from '../../http/notice-page';
import type { Jobs } from '../../jobs/boss';
import { registerConfirmRoutes } from './confirm-routes';
import { REMOVAL_REQUEST_PATH, registerRemovalRoutes } from './removal-routes';
import type { WaitlistDeps } from './service';
import { checkUnsubscribeToken, type UnsubscribeResult, unsubscribeWithToken } from './unsubscribe-service';

const querystring = z.object({
  // Missing or mangled tokens get the readable 400 page below rather than a JSON error.
  token: z.string().max(2000).default('').describe('The signed token from the unsubscribe link'),
});

const htmlPage = z.string().describe('An HTML page saying what happened');

function sendPage(reply: FastifyReply, result: UnsubscribeResult, config: Config, token: string) {
  // Asking to leave only emails a confirmation link to the address (removal-routes.ts): this page's
  // token stops emails and nothing more.
  const removal = {
    note: 'Want your place gone from the waitlist altogether? We will email this address a link to confirm it. Everyone after you moves up one place, and it cannot be undone.',
    label: 'Remove me from the waitlist',
    action: `${REMOVAL_REQUEST_PATH}?token=${encodeURIComponent(token)}`,
  };
  const page = (
    status: number,
    title: string,
    lines: string[],
    form?: { action: string; button: string },
    canRemove = false,
  ) =>
    sendNoticePage(reply, status, {
      title,
      lines,
      publicUrl: config.publicUrl,
      footnote: 'Emails about your account, such as sign-in links, are not affected.',
      action: form && { kind: 'form', label: form.button, action: form.action },
      secondaryAction: canRemove ? removal : undefined,
    });
  switch (result.outcome) {
    case 'confirm':
      return page(
        200,
        'Unsubscribe from waitlist emails?',
        [`${result.email} will get no more emails about the Ballast waitlist.`],
        { action: `/api/waitlist/unsubscribe?token=${encodeURIComponent(token)}`, button: 'Unsubscribe' },
        result.isOnWaitlist,
      );
    case 'unsubscribed':
      return page(
        200,
        "You're unsubscribed",
        [`We won't send waitlist emails to ${result.email} again. Your waitlist place is still yours.`],
        undefined,
        result.isOnWaitlist,
      );
    case 'already-unsubscribed':
      return page(
        200,
        "You're already unsubscribed",
        [`${result.email} was already off our waitlist emails. There is nothing more to do.`],
        undefined,
        result.isOnWaitlist,
      );
    case 'invalid-token':
      return page(400, "This unsubscribe link doesn't work", [
        'The link may have been cut short by your email app. Open it again from the email, in full.',
        `Still stuck? Write to ${config.supportEmail} and we will take you off the list.`,
      ]);
  }
}

/** RFC 8058's body; our confirmation page's button sends `confirm=yes` instead. */
const ONE_CLICK_BODY = /(?:^|&)List-Unsubscribe=One-Click(?:&|$)/;

/**
 * `/api/waitlist/unsubscribe`: the link in every waitlist email. Opening it (GET, no sign-in) shows a
 * page with a button and changes nothing, because mail scanners open links; the button's POST, or the
 * one-click POST that mail providers send for the List-Unsubscribe-Post header (RFC 8058), unsubscribes.
 * Leaving the waitlist shares the scope (form bodies, rate limit) and is confirmed by email.
 */
export async function registerUnsubscribeRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; jobs: Jobs; now: Clock } & Pick<WaitlistDeps, 'lifetimePlaceLink'>,
) {
  await app.register(async (scope) => {
    // RFC 8058's one-click body is form-encoded ("List-Unsubscribe=One-Click"); the token is in the URL.
    acceptNoticePageForms(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: 30, timeWindow: '1 minute' };
    routes.get(
      '/api/waitlist/unsubscribe',
      {
        config: { rateLimit },
        schema: {
          tags: ['waitlist'],
          summary: 'The link in every waitlist email: a page with an Unsubscribe button (changes nothing)',
          querystring,
          response: { 200: htmlPage, 400: htmlPage },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const result = await checkUnsubscribeToken(deps.db, deps.config.sessionSecret, token);
        return sendPage(reply, result, deps.config, token);
      },
    );
    routes.post(
      '/api/waitlist/unsubscribe',
      {
        // The signed token is the authorisation; the button's form POST arrives with `Origin: null`.
        config: { rateLimit, isCrossSiteAllowed: true },
        schema: {
          tags: ['waitlist'],
          summary: 'Unsubscribe: the page’s button, or one-click from a mail provider (RFC 8058)',
          querystring,
          response: { 200: htmlPage, 400: htmlPage },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const isOneClick = typeof request.body === 'string' && ONE_CLICK_BODY.test(request.body);
        const reason = isOneClick ? 'one-click' : 'unsubscribe-link';
        const result = await unsubscribeWithToken(deps.db, deps.config.sessionSecret, token, reason);
        return sendPage(reply, result, deps.config, token);
      },
    );
    registerRemovalRoutes(scope, deps);
    registerConfirmRoutes(scope, {
      ...deps,
      secret: deps.config.sessionSecret,
      publicUrl: deps.config.publicUrl,
    });
  });
}
