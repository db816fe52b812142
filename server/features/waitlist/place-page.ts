import { tierForPosition } from '@common/waitlist';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { SHARE_SCRIPT, SHARE_SCRIPT_PATH, sendNoticePage } from '../../http/notice-page';
import { ukTime } from '../../integrations/email/templates/layout';
import { whatItGives } from './confirm-routes';
import { verifyPlaceToken } from './place-token';
import { PLACE_PATH, referralInvite, referralLink, referralsCounted, SHARE_TEXT } from './referral-link';
import { confirmLink, type WaitlistDeps } from './service';

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

type PlaceRow = {
  id: string;
  email: string;
  position: number | null;
  confirmedAt: Date | null;
  lapsesAt: Date | null;
  referralCode: string;
  counted: number;
};

async function findPlace(db: DbOrTx, id: string): Promise<PlaceRow | null> {
  const { rows } = await db.execute<PlaceRow>(sql`
    SELECT id, email, position, confirmed_at AS "confirmedAt", lapses_at AS "lapsesAt",
      referral_code AS "referralCode",
      (SELECT count(*)::int FROM waitlist_signups f
        WHERE f.referred_by = s.id AND f.referral_status = 'counted') AS counted
    FROM waitlist_signups s WHERE id = ${id}`);
  const row = rows[0];
  if (!row) return null;
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { ...row, confirmedAt: date(row.confirmedAt), lapsesAt: date(row.lapsesAt) };
}

function sendPlacePage(reply: FastifyReply, deps: WaitlistDeps & { config: Config }, place: PlaceRow | null) {
  const page = (status: number, title: string, lines: string[]) => ({
    status,
    title,
    lines,
    publicUrl: deps.config.publicUrl,
    footnote: `Questions about your place? Write to ${deps.config.supportEmail}.`,
  });
  if (!place || place.position === null) {
    const { status, ...rest } = page(404, 'This place is no longer held', [
      'It lapsed, or it was given up or removed.',
      `Join the waitlist again at ${deps.config.publicUrl} to hold a new place.`,
    ]);
    return sendNoticePage(reply, status, rest);
  }
  const position = Number(place.position);
  const tier = tierForPosition(position);
  if (!place.confirmedAt) {
    const { status, ...rest } = page(200, `Place #${position} is held for you`, [
      `It is held until ${place.lapsesAt ? ukTime(place.lapsesAt.toISOString()) : 'soon'}. Confirm that ${place.email} is yours to keep it; your link to share comes with it.`,
    ]);
    // The page's link went only to the address, as the welcome's did: its button keeps the place too.
    const keep = new URL(confirmLink(deps, { ...place, position, tier, paidAt: null }));
    return sendNoticePage(reply, status, {
      ...rest,
      action: { kind: 'form', label: 'Keep my place', action: `${keep.pathname}${keep.search}` },
    });
  }
  const { status, ...rest } = page(200, `Place #${position}`, [
    `${place.email} holds place #${position} on the Ballast waitlist.`,
    whatItGives(tier),
    referralsCounted(Number(place.counted)),
    referralInvite(position),
  ]);
  return sendNoticePage(reply, status, {
    ...rest,
    share: {
      url: referralLink(deps.config.publicUrl, place.referralCode),
      text: SHARE_TEXT,
    },
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
          footnote: `Questions about your place? Write to ${deps.config.supportEmail}.`,
        });
      }
      return sendPlacePage(reply, deps, await findPlace(deps.db, check.signupId));
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
