import { formatPence, LIFETIME_PLACE_PRICE_PENCE } from '@common/plans';
import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import {
  button,
  emailHtml,
  mutedParagraph,
  panel,
  paragraph,
  type RenderedEmail,
  TEXT_SIGNATURE,
} from './layout';

type LifetimePlacePayment = Extract<EmailMessage, { template: 'lifetime-place-payment' }>;

/**
 * The £5 link for a lifetime place (positions 51–550), sent with the welcome and again on request.
 * The link is bound to the place: paying twice is impossible, and once paid it only says so.
 */
export function renderLifetimePlacePayment(
  message: LifetimePlacePayment,
  context: { supportEmail: string },
): RenderedEmail {
  const price = formatPence(LIFETIME_PLACE_PRICE_PENCE);
  const position = `#${message.position.toLocaleString('en-GB')}`;
  const subject = `Your ${price} link: lifetime access at ${position}`;
  const what = `Pay ${price} once and lifetime access at waitlist position ${position} is yours for good.`;
  const safety =
    'This link pays for your place only. Payment is handled by Stripe; once paid, the link just says so, so you can never pay twice.';
  const text = [
    'LOCK IN LIFETIME ACCESS',
    '',
    what,
    '',
    `Pay ${price}:`,
    message.url,
    '',
    safety,
    `Questions? Write to ${context.supportEmail}.`,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: what,
    heading: 'Lock in lifetime access',
    body: [
      paragraph(escapeHtml(what)),
      panel(
        `<strong style="font-size:22px;">Position ${escapeHtml(position)}</strong><br>Lifetime access for a one-off ${escapeHtml(price)}`,
      ),
      button(`Pay ${price}`, message.url),
      mutedParagraph(escapeHtml(safety)),
      mutedParagraph(`Button not working? Paste this link into your browser:<br>${escapeHtml(message.url)}`),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer: `You get this email because you reserved a lifetime place on the Ballast waitlist. Questions: ${escapeHtml(context.supportEmail)}`,
  });
  return { subject, text, html, headers: {} };
}
