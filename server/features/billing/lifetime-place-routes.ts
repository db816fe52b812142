import { formatPence, LIFETIME_PLACE_PRICE_PENCE } from '@common/plans';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendNoticePage } from '../../http/notice-page';
import { LIFETIME_PLACE_CHECKOUT_PATH } from '../../integrations/stripe/lifetime-place-link';
import {
  type CheckoutOutcome,
  describeLifetimePlaceReturn,
  LIFETIME_PLACE_RETURN_PATH,
  type LifetimePlaceDeps,
  openLifetimePlaceCheckout,
  type ReturnOutcome,
} from './lifetime-place-service';

const PRICE = formatPence(LIFETIME_PLACE_PRICE_PENCE);

const token = z.string().max(200).default('').describe('The signed token from the payment link');
const htmlPage = z.string().describe('An HTML page saying what happened');

type Page = { status: number; title: string; lines: string[]; action?: { label: string; href: string } };

function sendPage(reply: FastifyReply, publicUrl: string, page: Page) {
  return sendNoticePage(reply, page.status, {
    title: page.title,
    lines: page.lines,
    publicUrl,
    footnote: 'Payments are handled by Stripe. Ballast never sees your card details.',
    action: page.action && { kind: 'link', ...page.action },
  });
}

function paidPage(position: number): Page {
  return {
    status: 200,
    title: 'Lifetime access: paid',
    lines: [
      `Your ${PRICE} has arrived: lifetime access at waitlist position #${position} is yours for good.`,
      "There is nothing more to pay. We'll email you when the doors open.",
    ],
  };
}

function brokenLinkPage(supportEmail: string): Page {
  return {
    status: 400,
    title: "This payment link doesn't work",
    lines: [
      'The link may have been cut short by your email app. Open it again from the email, in full.',
      `Still stuck? Write to ${supportEmail} and we'll sort it out.`,
    ],
  };
}

function checkoutPage(
  outcome: Exclude<CheckoutOutcome, { outcome: 'redirect' }>,
  supportEmail: string,
): Page {
  switch (outcome.outcome) {
    case 'already-paid':
      return { ...paidPage(outcome.position), title: 'Already paid' };
    case 'payments-off':
      return {
        status: 503,
        title: 'Payments are not open yet',
        lines: [
          `Your lifetime place at #${outcome.position} stays reserved. Nothing has been charged.`,
          `We'll email you a working payment link as soon as payments open. Questions: ${supportEmail}.`,
        ],
      };
    case 'invalid-link':
      return brokenLinkPage(supportEmail);
  }
}

function returnPage(outcome: ReturnOutcome, supportEmail: string): Page {
  switch (outcome.outcome) {
    case 'paid':
      return paidPage(outcome.position);
    case 'not-paid':
      return {
        status: 200,
        title: 'No payment taken',
        lines: [
          `Your lifetime place at #${outcome.position} is still reserved for you.`,
          `Pay ${PRICE} whenever you are ready: the link in your email keeps working.`,
        ],
        action: { label: `Pay ${PRICE} now`, href: outcome.payUrl },
      };
    case 'invalid-link':
      return brokenLinkPage(supportEmail);
  }
}

/**
 * The £5 payment link's public pages: the link itself (a redirect to Stripe Checkout, or a page saying
 * why not) and where Stripe sends the buyer back. Nobody signs in for these: the place belongs to an
 * email address, and the link's signed token says which.
 */
export async function registerLifetimePlaceRoutes(
  app: FastifyInstance,
  deps: LifetimePlaceDeps & { supportEmail: string },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const rateLimit = { max: 30, timeWindow: '1 minute' };

  routes.get(
    LIFETIME_PLACE_CHECKOUT_PATH,
    {
      config: { rateLimit },
      schema: {
        tags: ['billing'],
        summary:
          'The emailed £5 link for a lifetime waitlist place: redirects to Stripe Checkout unless paid',
        querystring: z.object({ token }),
        response: { 200: htmlPage, 303: z.null(), 400: htmlPage, 503: htmlPage },
      },
    },
    async (request, reply) => {
      const outcome = await openLifetimePlaceCheckout(deps, request.query.token);
      if (outcome.outcome === 'redirect') {
        return reply.header('cache-control', 'no-store').redirect(outcome.url, 303);
      }
      return sendPage(reply, deps.publicUrl, checkoutPage(outcome, deps.supportEmail));
    },
  );

  routes.get(
    LIFETIME_PLACE_RETURN_PATH,
    {
      config: { rateLimit },
      schema: {
        tags: ['billing'],
        summary: 'Where Stripe Checkout returns after paying (or not) for a lifetime place',
        querystring: z.object({ token, session_id: z.string().max(200).optional() }),
        response: { 200: htmlPage, 400: htmlPage },
      },
    },
    async (request, reply) => {
      const outcome = await describeLifetimePlaceReturn(deps, request.query.token, request.query.session_id);
      return sendPage(reply, deps.publicUrl, returnPage(outcome, deps.supportEmail));
    },
  );
}
