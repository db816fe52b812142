import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { acceptNoticePageForms, sendNoticePage } from '../../http/notice-page';
import type { FileStorage } from '../../integrations/storage/storage';
import { checkNotMe, type NotMeOutcome, undoSignUp } from './account-security-service';

const querystring = z.object({
  token: z.string().max(200).default('').describe('The token from the sign-up email’s "This wasn’t me" link'),
});

const htmlPage = z.string().describe('An HTML page saying what happened');

function sendPage(reply: FastifyReply, config: Config, token: string, result: NotMeOutcome) {
  const page = (status: number, title: string, lines: string[], button?: string) =>
    sendNoticePage(reply, status, {
      title,
      lines,
      publicUrl: config.publicUrl,
      footnote: `Questions? Write to ${config.supportEmail}.`,
      action: button
        ? {
            kind: 'form',
            label: button,
            action: `/api/account/not-me?token=${encodeURIComponent(token)}`,
          }
        : undefined,
    });
  switch (result.outcome) {
    case 'confirm':
      return result.isProven
        ? page(
            200,
            'Secure your account?',
            [
              `The account for ${result.email} was already confirmed from the link in that email, so it is yours.`,
              'This signs out every device and removes the account’s password, whoever set it. You can then set a password of your own with a reset link, or sign in with an emailed link.',
            ],
            'Sign everyone out',
          )
        : page(
            200,
            'Delete the account made with your address?',
            [
              `Someone created a Ballast account with ${result.email} and it has not been confirmed.`,
              'This deletes that account and signs out whoever made it. Nothing else of yours changes: a waitlist place or messages you sent us stay as they are.',
            ],
            'Delete that account',
          );
    case 'deleted':
      return page(200, 'That account is deleted', [
        `The account made with ${result.email} is gone, and whoever made it is signed out.`,
        'Your address is free again: you can create an account with it whenever you like.',
      ]);
    case 'secured':
      return sendNoticePage(reply, 200, {
        title: 'Everyone is signed out',
        lines: [
          'Every device is signed out and the account has no password now: no password anyone chose or changed works any more.',
          'Set a password of your own with a reset link sent to this address, or sign in with an emailed link.',
        ],
        publicUrl: config.publicUrl,
        footnote: `Questions? Write to ${config.supportEmail}.`,
        action: { kind: 'link', label: 'Set a password', href: `${config.publicUrl}/forgot-password` },
      });
    case 'invalid':
      return page(400, "This link doesn't work", [
        'It may have been used already, have expired, or been cut short by your email app. Open it again from the email, in full.',
        `Still worried about an account made with your address? Write to ${config.supportEmail}.`,
      ]);
  }
}

/**
 * `/api/account/not-me`: the "This wasn't me" link in every sign-up email. Opening it (GET, no sign-in)
 * shows a page with a button and changes nothing, because mail scanners open links; the button's POST
 * acts. The token in the link is the authority, as with the unsubscribe link.
 */
export async function registerNotMeRoutes(
  app: FastifyInstance,
  deps: { config: Config; db: Db; storage: FileStorage; log: FastifyBaseLogger; now: Clock },
) {
  await app.register(async (scope) => {
    acceptNoticePageForms(scope);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const rateLimit = { max: 30, timeWindow: '1 minute' };
    const tags = ['account'];

    routes.get(
      '/api/account/not-me',
      {
        config: { rateLimit },
        schema: {
          tags,
          summary: '"This wasn\'t me" from the sign-up email: a page with a button (changes nothing)',
          querystring,
          response: { 200: htmlPage, 400: htmlPage },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        return sendPage(reply, deps.config, token, await checkNotMe(deps.db, token, deps.now()));
      },
    );

    routes.post(
      '/api/account/not-me',
      {
        // The token in the link is the authorisation; the page's form POST arrives with `Origin: null`.
        config: { rateLimit, isCrossSiteAllowed: true },
        schema: {
          tags,
          summary: 'Delete the unproven account made with this address, or sign everyone out of a proven one',
          querystring,
          consumes: ['application/x-www-form-urlencoded'],
          response: { 200: htmlPage, 400: htmlPage },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        return sendPage(reply, deps.config, token, await undoSignUp(deps, token));
      },
    );
  });
}
