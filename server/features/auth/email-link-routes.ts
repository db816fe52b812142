import { AUTH_BASE_PATH } from '@common/auth';
import { verifyJWT } from 'better-auth/crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { acceptNoticePageForms, sendNoticePage } from '../../http/notice-page';
import { CROSS_SITE_MESSAGE } from '../../http/origin-check';
import type { Auth } from './better-auth';
import { answerFromLibrary } from './library-http';
import { findSignInLinkAddress } from './store';

/** The emailed links that sign their opener in: a sign-in link, and the sign-up confirmation. */
const EMAIL_LINKS = {
  [`${AUTH_BASE_PATH}/magic-link/verify`]: 'sign-in',
  [`${AUTH_BASE_PATH}/verify-email`]: 'confirmation',
} as const;

type EmailLinkKind = (typeof EMAIL_LINKS)[keyof typeof EMAIL_LINKS];

/**
 * Opened from our own pages or typed (or handed to the browser by a mail app, which it then opens as
 * typed): the only openings that act at once. Another site's link (`cross-site`, `same-site`) or no
 * Sec-Fetch-Site at all (some mail apps' own browsers, older browsers) could be an attacker's link to
 * their own account, signing the victim's browser in to it so that whatever the victim types next is
 * theirs.
 */
function isOpenedByThePerson(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'same-origin' || site === 'none';
}

/** The address the link signs in as, or null when its token is not one (the library then refuses it). */
async function addressOfLink(kind: EmailLinkKind, token: string, deps: { config: Config; db: Db }) {
  if (!token) return null;
  if (kind === 'sign-in') return findSignInLinkAddress(deps.db, token);
  const payload = await verifyJWT(token, deps.config.sessionSecret);
  return typeof payload?.email === 'string' ? payload.email : null;
}

const tokenOf = (request: FastifyRequest) => {
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : '';
};

/**
 * The emailed links that sign someone in, guarded against login CSRF: opened by the person, each works
 * as the library has it; opened any other way, it shows a page with one button, "Sign in as
 * <address>", whose form posts back to the same address from our own origin and only then opens the
 * link. Mail scanners that open links therefore spend nothing either.
 */
export async function registerEmailLinkRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; config: Config; db: Db },
) {
  const { auth, config } = deps;
  await app.register(async (scope) => {
    acceptNoticePageForms(scope);
    const openLink = (request: FastifyRequest, reply: FastifyReply) =>
      answerFromLibrary(auth, config, request, reply, 'GET');

    for (const [url, kind] of Object.entries(EMAIL_LINKS)) {
      scope.get(url, { schema: { hide: true } }, async (request, reply) => {
        if (isOpenedByThePerson(request)) return openLink(request, reply);
        const address = await addressOfLink(kind, tokenOf(request), deps);
        if (!address) return openLink(request, reply);
        return sendNoticePage(reply, 200, {
          title: kind === 'sign-in' ? 'Sign in to Ballast?' : 'Confirm your address?',
          lines: [
            kind === 'sign-in'
              ? `This link from your email signs you in to Ballast as ${address}.`
              : `This link from your email confirms ${address} and signs you in to Ballast.`,
            'Another website or app opened it, so nothing happens until you press the button. If you did not ask for this link, close this page.',
          ],
          publicUrl: config.publicUrl,
          footnote: `Questions? Write to ${config.supportEmail}.`,
          action: { kind: 'form', label: `Sign in as ${address}`, action: request.url },
        });
      });

      scope.post(
        url,
        {
          // Our own page's form posts with `Origin: null` (no-referrer policy), which the shared origin
          // check refuses; this route checks Sec-Fetch-Site itself and refuses anything but our origin.
          config: { isCrossSiteAllowed: true },
          schema: { hide: true },
        },
        async (request, reply) => {
          if (request.headers['sec-fetch-site'] !== 'same-origin') {
            throw new AppError('FORBIDDEN', CROSS_SITE_MESSAGE);
          }
          return openLink(request, reply);
        },
      );
    }
  });
}
