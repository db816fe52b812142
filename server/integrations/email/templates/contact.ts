import type { EmailMessage } from '../../../jobs/outbound-message';
import {
  emailHtml,
  escapeHtml,
  mutedParagraph,
  panel,
  paragraph,
  quotedText,
  type RenderedEmail,
  TEXT_SIGNATURE,
} from './layout';

type ContactAcknowledgement = Extract<EmailMessage, { template: 'contact-acknowledgement' }>;
type ContactNotification = Extract<EmailMessage, { template: 'contact-notification' }>;

const quoteAsText = (message: string) =>
  message
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');

/** To the person who wrote: proof that it arrived, and their words for their records. */
export function renderContactAcknowledgement(
  message: ContactAcknowledgement,
  context: { supportEmail: string },
): RenderedEmail {
  const subject = 'We got your message';
  const text = [
    `Hi ${message.name},`,
    '',
    "Thanks for writing to Ballast. We'll get back to you as soon as possible.",
    '',
    'Your message:',
    quoteAsText(message.message),
    '',
    `Anything to add? Reply to this email or write to ${context.supportEmail}.`,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: "We'll get back to you as soon as possible.",
    heading: 'Message received',
    body: [
      paragraph(`Hi ${escapeHtml(message.name)},`),
      paragraph("Thanks for writing to Ballast. We'll get back to you as soon as possible."),
      panel(quotedText(message.message)),
      mutedParagraph(`Anything to add? Reply to this email or write to ${escapeHtml(context.supportEmail)}.`),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer: 'You get this email because you sent a message through the Ballast contact form.',
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
