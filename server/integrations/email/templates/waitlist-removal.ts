import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import { button, emailHtml, mutedParagraph, paragraph, type RenderedEmail, TEXT_SIGNATURE } from './layout';

type WaitlistRemoval = Extract<EmailMessage, { template: 'waitlist-removal' }>;

/**
 * The confirmation asked for on the unsubscribe page before a waitlist place is given up. Sent even to
 * an unsubscribed address: its owner asked for it, and only this link deletes the place.
 */
export function renderWaitlistRemoval(
  message: WaitlistRemoval,
  context: { supportEmail: string },
): RenderedEmail {
  const position = `#${message.position.toLocaleString('en-GB')}`;
  const subject = `Confirm: give up waitlist place ${position}`;
  const what = `Someone asked to remove place ${position} and this address from the Ballast waitlist. Nothing happens unless you confirm.`;
  const forGood = 'Everyone after you moves up one place, and it cannot be undone.';
  const expiry = `The link works once and expires in ${message.expiresInMinutes} minutes.`;
  const ignore = `Didn't ask for this? Ignore this email: your place stays yours. Questions: ${context.supportEmail}.`;
  const text = [
    'GIVE UP YOUR WAITLIST PLACE?',
    '',
    what,
    ...(message.alsoEnds ? [message.alsoEnds] : []),
    forGood,
    '',
    'Open this link to confirm:',
    message.url,
    '',
    expiry,
    ignore,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: what,
    heading: 'Give up your waitlist place?',
    body: [
      paragraph(escapeHtml(what)),
      ...(message.alsoEnds ? [paragraph(`<strong>${escapeHtml(message.alsoEnds)}</strong>`)] : []),
      paragraph(escapeHtml(forGood)),
      button('Review and confirm', message.url),
      mutedParagraph(escapeHtml(expiry)),
      mutedParagraph(`Button not working? Paste this link into your browser:<br>${escapeHtml(message.url)}`),
    ].join('\n'),
    footer: escapeHtml(ignore),
  });
  return { subject, text, html, headers: {} };
}
