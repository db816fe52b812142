import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import { emailHtml, mutedParagraph, paragraph, type RenderedEmail, TEXT_SIGNATURE } from './layout';

type WaitlistPlaceReview = Extract<EmailMessage, { template: 'waitlist-place-review' }>;

/**
 * An operator removed a kept place, or set it aside while the signups around it are checked. Only a
 * proven address gets it: a made-up one would bounce.
 */
export function renderWaitlistPlaceReview(
  message: WaitlistPlaceReview,
  context: { supportEmail: string },
): RenderedEmail {
  const position = `#${message.position.toLocaleString('en-GB')}`;
  const isRemoved = message.outcome === 'removed';
  const subject = isRemoved
    ? `Your Ballast waitlist place ${position} was removed`
    : `Your Ballast waitlist place ${position} is on hold`;
  const what = isRemoved
    ? `We removed place ${position} and this address from the Ballast waitlist: it came with signups that looked automated, which the first places cannot go to.`
    : `We set place ${position} aside while we check signups that arrived with it, some of which looked automated. If all is well it comes back to the list, and we will email you.`;
  const reply = `If this is a mistake, reply to this email or write to ${context.supportEmail}, and a person will look at it.`;
  const text = [what, '', reply, '', TEXT_SIGNATURE].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: what,
    heading: isRemoved ? 'Your place was removed' : 'Your place is on hold',
    body: [
      paragraph(escapeHtml(what)),
      paragraph(escapeHtml(reply)),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer: 'You get this email because this address held a place on the Ballast waitlist.',
  });
  return { subject, text, html, headers: {}, replyTo: context.supportEmail };
}
