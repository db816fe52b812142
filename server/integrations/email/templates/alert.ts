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

type AlertEmail = Extract<EmailMessage, { template: 'alert' }>;

/** A critical or high alert, for subscribers of the plans that promise real-time alerts. */
export function renderAlert(message: AlertEmail, context: { publicUrl: string }): RenderedEmail {
  const subject = `${message.severity === 'critical' ? 'Critical' : 'High'} alert: ${message.title}`;
  const dashboard = `${context.publicUrl}/`;
  const lines = [message.description, message.impactDescription, message.mitigationStrategy].filter(
    (line): line is string => Boolean(line),
  );
  const text = [
    message.title,
    '',
    ...lines,
    '',
    `See it on your dashboard: ${dashboard}`,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: message.description.slice(0, 120),
    heading: message.title,
    body: [
      panel(lines.map((line) => escapeHtml(line)).join('<br><br>')),
      button('Open your dashboard', dashboard),
      paragraph('Dismiss it there once you have dealt with it.'),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer: 'You get critical and high alerts by email with The Guardian and The Mastermind plans.',
  });
  return { subject, text, html, headers: {} };
}
