import { LIFETIME_PLAN, PLANS } from '@common/plans';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { sendNoticePage } from '../../http/notice-page';
import { type ConfirmResult, checkConfirmLink, confirmSignup } from './confirm-service';
import { referralInvite, referralLink, SHARE_TEXT } from './referral-link';
import { CONFIRM_WITHIN_HOURS, type WaitlistDeps } from './service';

const CONFIRM_PATH = '/api/waitlist/confirm';

const querystring = z.object({
  // Missing or mangled tokens get a readable 400 page rather than a JSON error.
  token: z.string().max(2000).default('').describe('The signed token from the welcome email’s link'),
});
const htmlPage = z.string().describe('An HTML page saying what happened');
const responses = { 200: htmlPage, 400: htmlPage };

/** The small print under every page about a waitlist place. */
export const placeFootnote = (config: Pick<Config, 'supportEmail'>) =>
  `Questions about your place? Write to ${config.supportEmail}.`;

/** What a kept place gives, in a sentence. */
export function whatItGives(tier: string): string {
  if (tier === 'free')
    return `It gives ${PLANS[LIFETIME_PLAN].name} free for life to a Ballast account at this address.`;
  if (tier === 'lifetime_paid')
    return 'Lifetime access for £5 is reserved for you: your payment link is on its way by email.';
  return "We'll email you as soon as your spot opens.";
}

function sendConfirmPage(reply: FastifyReply, config: Config, result: ConfirmResult, token?: string) {
  const page = (status: number, title: string, lines: string[], form?: { action: string; label: string }) =>
    sendNoticePage(reply, status, {
      title,
      lines,
      publicUrl: config.publicUrl,
      footnote: placeFootnote(config),
      action: form && { kind: 'form', ...form },
      share:
        'referralCode' in result && result.referralCode
          ? { url: referralLink(config.publicUrl, result.referralCode), text: SHARE_TEXT }
          : undefined,
    });
  switch (result.outcome) {
    case 'confirm':
      return token
        ? page(
            200,
            `Keep place #${result.position}?`,
            [`Confirm that ${result.email} is yours, and place #${result.position} is kept for you.`],
            { action: `${CONFIRM_PATH}?token=${encodeURIComponent(token)}`, label: 'Keep my place' },
          )
        : page(200, `Place #${result.position} is yours`, [
            `${result.email} is confirmed, and place #${result.position} is kept for you.`,
            whatItGives(result.tier),
            referralInvite(result.position),
          ]);
    case 'kept':
      return page(200, `Place #${result.position} is yours`, [
        `${result.email} was confirmed already: place #${result.position} is kept for you. There is nothing more to do.`,
        referralInvite(result.position),
      ]);
    case 'lapsed':
      return page(400, 'This place has lapsed', [
        `A place is held for ${CONFIRM_WITHIN_HOURS} hours after signing up, and this one was not confirmed in time, so it went back to the queue.`,
        `Join the waitlist again at ${config.publicUrl} to hold a new place.`,
      ]);
    case 'invalid-link':
      return page(400, "This confirmation link doesn't work", [
        'It may have been cut short by your email app. Open it again from the welcome email, in full.',
      ]);
  }
}

/**
 * The welcome email's link (decision 062): opening it shows which place it keeps and changes nothing
 * (mail scanners open links); its button keeps the place. Registered in the unsubscribe routes' scope,
 * which reads form bodies.
 */
export function registerConfirmRoutes(scope: FastifyInstance, deps: WaitlistDeps & { config: Config }) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: 30, timeWindow: '1 minute' };
  routes.get(
    CONFIRM_PATH,
    {
      config: { rateLimit },
      schema: {
        tags: ['waitlist'],
        summary:
          'The welcome email’s link: a page naming the place it keeps, with a button (changes nothing)',
        querystring,
        response: responses,
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      const result = await checkConfirmLink(deps.db, deps.secret, token, deps.now());
      return sendConfirmPage(reply, deps.config, result, token);
    },
  );
  routes.post(
    CONFIRM_PATH,
    {
      // The signed token is the authorisation; the page's form arrives with `Origin: null`.
      config: { rateLimit, isCrossSiteAllowed: true },
      schema: {
        tags: ['waitlist'],
        summary: 'Keep a held place: its address is proven by the emailed link, and it counts from now',
        querystring,
        response: responses,
      },
    },
    async (request, reply) =>
      sendConfirmPage(reply, deps.config, await confirmSignup(deps, request.query.token)),
  );
}
