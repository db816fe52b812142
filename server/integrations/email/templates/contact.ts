import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import {
  emailHtml,
  mutedParagraph,
  panel,
  paragraph,
  quotedText,
  type RenderedEmail,
  TEXT_SIGNATURE,
} from './layout';

type ContactAcknowledgement = Extract<EmailMessage, { template: 'contact-acknowledgement' }>;
type ContactNotification = Extract<EmailMessage, { template: 'contact-notification' }>;

/**
 * To the address typed into the form: that a message arrived, in our words only. Anyone can type any
 * address there, so the acknowledgement quotes neither the name nor the message (decision 017): it
 * cannot carry a stranger's text to a third party in mail from us. The operators' copy keeps it all.
 */
export function renderContactAcknowledgement(
  _message: ContactAcknowledgement,
  context: { supportEmail: string },
): RenderedEmail {
  const subject = 'We got your message';
  const text = [
    'Hello,',
    '',
    "Thanks for writing to Ballast. Your message reached us and we'll get back to you as soon as possible, usually within 24 hours on business days.",
    '',
    `If you did not use the contact form on our site, you can ignore this email; nothing was signed up. To add anything, write to ${context.supportEmail}.`,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: "We'll get back to you as soon as possible.",
    heading: 'Message received',
    body: [
      paragraph('Hello,'),
      paragraph(
        "Thanks for writing to Ballast. Your message reached us and we'll get back to you as soon as possible, usually within 24 hours on business days.",
      ),
      mutedParagraph(
        `If you did not use the contact form on our site, you can ignore this email; nothing was signed up. To add anything, write to ${escapeHtml(context.supportEmail)}.`,
      ),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer:
      'You get this email because someone sent a message through the Ballast contact form with this address.',
  });
  return { subject, text, html, headers: {}, replyTo: context.supportEmail };
}

/** To the support address: who wrote and what, with Reply-To set so answering reaches the sender. */
export function renderContactNotification(message: ContactNotification): RenderedEmail {
  const subject = `New contact message from ${message.name}`;
  const text = [
    `From: ${message.name} <${message.email}>`,
    '',
    message.message,
    '',
    'Reply to this email to answer them.',
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: message.message.slice(0, 120),
    heading: 'New contact message',
    body: [
      paragraph(`<strong>${escapeHtml(message.name)}</strong> &lt;${escapeHtml(message.email)}&gt;`),
      panel(quotedText(message.message)),
      mutedParagraph('Reply to this email to answer them.'),
    ].join('\n'),
    footer: 'Sent by the Ballast contact form.',
  });
  return { subject, text, html, headers: {}, replyTo: message.email };
}
