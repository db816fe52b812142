import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import { button, emailHtml, mutedParagraph, paragraph, type RenderedEmail, TEXT_SIGNATURE } from './layout';

type MagicLink = Extract<EmailMessage, { template: 'magic-link' }>;

export function renderMagicLink(message: MagicLink): RenderedEmail {
  const subject = 'Your Ballast sign-in link';
  const expiry = message.expiresInMinutes
    ? `It works once and expires in ${message.expiresInMinutes} minutes.`
    : 'It works once and expires soon.';
  const ignore = "If you didn't ask to sign in, ignore this email: nobody can sign in without this link.";
  const text = [
    'SIGN IN TO BALLAST',
    '',
    'Open this link to sign in:',
    message.url,
    '',
    expiry,
    ignore,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: 'Your link to sign in to Ballast',
    heading: 'Sign in to Ballast',
    body: [
      paragraph('Tap the button to sign in. No password needed.'),
      button('Sign in to Ballast', message.url),
      mutedParagraph(escapeHtml(expiry)),
      mutedParagraph(`Button not working? Paste this link into your browser:<br>${escapeHtml(message.url)}`),
    ].join('\n'),
    footer: escapeHtml(ignore),
  });
  return { subject, text, html, headers: {} };
}
