import { tierForPosition } from '@common/waitlist';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { SHARE_SCRIPT, SHARE_SCRIPT_PATH, sendNoticePage } from '../../http/notice-page';
import { ukTime } from '../../integrations/email/templates/layout';
import { placeFootnote, whatItGives } from './confirm-routes';
import { verifyPlaceToken } from './place-token';
import { PLACE_PATH, referralInvite, referralLink, referralsCounted, SHARE_TEXT } from './referral-link';
import { findPlaceForPage } from './referrals-store';
import { confirmPath, type WaitlistDeps } from './service';

/*
 * A place's own page, reached from the link in its emails without an account
 * (docs/decisions/064-referrals.md): its position, its tier, the referrals counted, and the link to
 * share. The referral link sets a cookie the signup reads, so the public pages carry no code of it.
 */

export const REFERRAL_COOKIE = 'ballast_ref';
const REFERRAL_COOKIE_DAYS = 30;
const CODE = /^[A-Za-z0-9_-]{16}$/;

/** The referral code a request carries in its cookie, if it is one we could have made. */
export function referralCodeOf(cookieHeader: string | undefined): string | null {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${REFERRAL_COOKIE}=([^;]*)`));
  return match?.[1] && CODE.test(match[1]) ? match[1] : null;
}

type PlaceRow = NonNullable<Awaited<ReturnType<typeof findPlaceForPage>>>;

function sendPlacePage(reply: FastifyReply, deps: WaitlistDeps & { config: Config }, place: PlaceRow | null) {
  const { config } = deps;
  const notice = { publicUrl: config.publicUrl, footnote: placeFootnote(config) };
  if (!place || place.position === null) {
    return sendNoticePage(reply, 404, {
      ...notice,
      title: 'This place is no longer held',
      lines: [
        'It lapsed, or it was given up or removed.',
        `Join the waitlist again at ${config.publicUrl} to hold a new place.`,
      ],
    });
  }
  const { position } = place;
  if (!place.confirmedAt) {
    const until = place.lapsesAt ? ukTime(place.lapsesAt.toISOString()) : 'soon';
    return sendNoticePage(reply, 200, {
      ...notice,
      title: `Place #${position} is held for you`,
      lines: [
        `It is held until ${until}. Confirm that ${place.email} is yours to keep it; your link to share comes with it.`,
      ],
      // The page's link went only to the address, as the welcome's did: its button keeps the place too.
      action: { kind: 'form', label: 'Keep my place', action: confirmPath(deps.secret, place) },
    });
  }
  return sendNoticePage(reply, 200, {
    ...notice,
    title: `Place #${position}`,
    lines: [
      `${place.email} holds place #${position} on the Ballast waitlist.`,
      whatItGives(tierForPosition(position)),
      referralsCounted(place.counted),
      referralInvite(position),
    ],
    share: { url: referralLink(config.publicUrl, place.referralCode), text: SHARE_TEXT },
  });
}

const querystring = z.object({
  token: z.string().max(2000).default('').describe('The signed token from the link in a waitlist email'),
});
const htmlPage = z.string().describe('An HTML page');

export function registerPlaceRoutes(scope: FastifyInstance, deps: WaitlistDeps & { config: Config }) {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    PLACE_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['waitlist'],
        summary: 'A place’s own page: its position, tier, referrals counted and link to share',
        querystring,
        response: { 200: htmlPage, 400: htmlPage, 404: htmlPage },
      },
    },
    async (request, reply) => {
      const check = verifyPlaceToken(deps.secret, 'waitlist-place', request.query.token, deps.now());
      if (check.status !== 'valid') {
        return sendNoticePage(reply, 400, {
          title: "This link doesn't work",
          lines: [
            'It may have been cut short by your email app. Open it again from a Ballast waitlist email, in full.',
          ],
          publicUrl: deps.config.publicUrl,
          footnote: placeFootnote(deps.config),
        });
      }
      return sendPlacePage(reply, deps, await findPlaceForPage(deps.db, check.signupId));
    },
  );
  routes.get(
    '/r/:code',
    {
      schema: {
        tags: ['waitlist'],
        summary: 'A referral link: remembers whose it was for the signup, then opens the landing page',
        params: z.object({ code: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      if (CODE.test(code)) {
        const secure = deps.config.publicUrl.startsWith('https:') ? '; Secure' : '';
        reply.header(
          'set-cookie',
          `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${REFERRAL_COOKIE_DAYS * 86_400}; SameSite=Lax; HttpOnly${secure}`,
        );
      }
      return reply.header('cache-control', 'no-store').redirect('/', 302);
    },
  );
  routes.get(SHARE_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(SHARE_SCRIPT),
  );
}
