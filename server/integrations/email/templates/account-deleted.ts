import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import { emailHtml, list, mutedParagraph, paragraph, type RenderedEmail, TEXT_SIGNATURE } from './layout';

type AccountDeleted = Extract<EmailMessage, { template: 'account-deleted' }>;

const GONE = [
  'your profile, sign-in details and sessions',
  'your onboarding answers, revenue entries, health checks, blueprints and alerts',
  'your platform connections and their tokens, and every screenshot you uploaded',
  'your waitlist place and any messages you sent us',
];

/** Sent once the rows and files are gone: what was deleted, and that nothing more is needed. */
export function renderAccountDeleted(
  _message: AccountDeleted,
  context: { supportEmail: string },
): RenderedEmail {
  const subject = 'Your Ballast account is deleted';
  const paid = 'Any subscription was cancelled, so there will be no further charges.';
  const help = `If you did not ask for this, write to ${context.supportEmail} straight away.`;
  const text = [
    'Hello,',
    '',
    'Your Ballast account and everything in it is deleted:',
    ...GONE.map((item) => `- ${item}`),
    '',
    paid,
    'You are welcome back any time; a new account starts from nothing.',
    '',
    help,
    '',
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: 'Your account and its data are gone.',
    heading: 'Account deleted',
    body: [
      paragraph('Hello,'),
      paragraph('Your Ballast account and everything in it is deleted:'),
      list(GONE.map(escapeHtml)),
      paragraph(escapeHtml(paid)),
      paragraph('You are welcome back any time; a new account starts from nothing.'),
      mutedParagraph(escapeHtml(help)),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer: 'You get this email because the account for this address was deleted.',
  });
  return { subject, text, html, headers: {}, replyTo: context.supportEmail };
}
