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
  ukTime,
} from './layout';

type Template<T extends EmailMessage['template']> = Extract<EmailMessage, { template: T }>;
type Context = { supportEmail: string };
type Link = { label: string; url: string };

/**
 * The shape every account email shares: what happened, one main link, and (for the sign-up email) a
 * second way out with its own explanation.
 */
function accountEmail(
  options: {
    subject: string;
    heading: string;
    preheader: string;
    lines: string[];
    action: Link;
    notes?: string[];
    wayOut?: { intro: string; link: Link };
    footer: string;
  },
  context: Context,
): RenderedEmail {
  const { lines, action, notes = [], wayOut } = options;
  const text = [
    options.heading.toUpperCase(),
    '',
    ...lines.flatMap((line) => [line, '']),
    `${action.label}: ${action.url}`,
    '',
    ...notes.flatMap((line) => [line, '']),
    ...(wayOut ? [wayOut.intro, `${wayOut.link.label}: ${wayOut.link.url}`, ''] : []),
    TEXT_SIGNATURE,
  ].join('\n');
  const html = emailHtml({
    title: options.subject,
    preheader: options.preheader,
    heading: options.heading,
    body: [
      ...lines.map((line) => paragraph(escapeHtml(line))),
      button(action.label, action.url),
      mutedParagraph(`Button not working? Paste this link into your browser:<br>${escapeHtml(action.url)}`),
      ...notes.map((line) => mutedParagraph(escapeHtml(line))),
      wayOut
        ? panel(
            `${escapeHtml(wayOut.intro)}<br><a href="${escapeHtml(wayOut.link.url)}">${escapeHtml(wayOut.link.label)}</a>`,
          )
        : '',
    ].join('\n'),
    footer: escapeHtml(options.footer),
  });
  return { subject: options.subject, text, html, headers: {}, replyTo: context.supportEmail };
}

/**
 * Sent at sign-up. It says plainly that an account was made with this address, when and from where, so
 * the owner of an address someone else signed up with recognises it, and carries "This wasn't me".
 */
export function renderVerifyEmail(message: Template<'verify-email'>, context: Context): RenderedEmail {
  const origin = [message.device, message.ipAddress ? `IP address ${message.ipAddress}` : null]
    .filter(Boolean)
    .join(', ');
  return accountEmail(
    {
      subject: 'Confirm your email address for Ballast',
      heading: 'Confirm your address',
      preheader: 'An account was created with this address. Was it you?',
      lines: [
        `An account was created on Ballast with this address on ${ukTime(message.createdAt)}${origin ? `, from ${origin}` : ''}.`,
        'If that was you, confirm your address to finish setting up your account.',
      ],
      action: { label: 'Confirm my address', url: message.url },
      notes: ['The link works for 24 hours.'],
      wayOut: {
        intro:
          'If you did not create this account, do not confirm it. This link deletes the account made with your address and signs out whoever made it; your address can then be used afresh. If the address was confirmed already, it signs every device out and removes every password instead.',
        link: { label: "This wasn't me", url: message.notMeUrl },
      },
      footer: `You get this email because an account was created with this address. Questions: ${context.supportEmail}.`,
    },
    context,
  );
}

export function renderSignUpExisting(message: Template<'sign-up-existing'>, context: Context): RenderedEmail {
  return accountEmail(
    {
      subject: 'Someone tried to create a Ballast account with your address',
      heading: 'You already have an account',
      preheader: 'A new account was not created: this address already has one.',
      lines: [
        'Someone, perhaps you, tried to create a Ballast account with this address. You already have one, so nothing was created and nothing changed.',
        'To get back in, sign in, or email yourself a sign-in link from the sign-in page.',
      ],
      action: { label: 'Sign in to Ballast', url: message.signInUrl },
      notes: [
        `Forgotten your password? Set a new one here: ${message.resetUrl}`,
        'If this was not you, you need do nothing: nobody can use your account without your password or this inbox.',
      ],
      footer: `You get this email because a sign-up used this address. Questions: ${context.supportEmail}.`,
    },
    context,
  );
}

export function renderPasswordReset(message: Template<'password-reset'>, context: Context): RenderedEmail {
  return accountEmail(
    {
      subject: 'Reset your Ballast password',
      heading: 'Set a new password',
      preheader: 'Your link to choose a new password.',
      lines: [
        'Someone, hopefully you, asked to reset the password of the Ballast account with this address.',
      ],
      action: { label: 'Choose a new password', url: message.url },
      notes: [
        `The link works once and expires in ${message.expiresInMinutes} minutes. Setting a new password signs out every device that is signed in.`,
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ],
      footer: `You get this email because a password reset was asked for this address. Questions: ${context.supportEmail}.`,
    },
    context,
  );
}

export function renderPasswordChanged(
  message: Template<'password-changed'>,
  context: Context,
): RenderedEmail {
  return accountEmail(
    {
      subject: 'Your Ballast password was changed',
      heading: 'Password changed',
      preheader: 'The password of your account was just changed.',
      lines:
        message.how === 'change'
          ? [
              'The password of your Ballast account was just changed by someone signed in to it.',
              `If that was not you, set a new password straight away: the link below emails you a reset link, and using it signs out every device, including whoever changed it. Then write to ${context.supportEmail}.`,
            ]
          : [
              'The password of your Ballast account was just changed with a reset link, and every device that was signed in has been signed out.',
              `If that was not you, set a new password straight away and write to ${context.supportEmail}.`,
            ],
      action: { label: 'Set a new password', url: message.resetUrl },
      footer: `You get this email because the password of this address's account changed. Questions: ${context.supportEmail}.`,
    },
    context,
  );
}

export function renderPasswordRemoved(
  message: Template<'password-removed'>,
  context: Context,
): RenderedEmail {
  return accountEmail(
    {
      subject: 'Your Ballast password no longer works',
      heading: 'Set a new password',
      preheader: 'Your address is confirmed; the password chosen before that is gone.',
      lines: [
        'You signed in with a link sent to this address, which confirmed that the account is yours.',
        'The password on the account had been chosen before the address was confirmed, so for your safety it no longer works, and every other device was signed out. Anyone who made the account with your address cannot get back in.',
        'You can keep signing in with emailed links, or set a password of your own:',
      ],
      action: { label: 'Set a password', url: message.resetUrl },
      footer: `You get this email because a link sent to this address was used to sign in. Questions: ${context.supportEmail}.`,
    },
    context,
  );
}

/** Sent once when password sign-in locks; the emailed links still work, so the owner is never shut out. */
export function renderSignInLocked(message: Template<'sign-in-locked'>, context: Context): RenderedEmail {
  return accountEmail(
    {
      subject: 'Password sign-in to your Ballast account is paused',
      heading: 'Too many wrong passwords',
      preheader: `Password sign-in is paused for ${message.lockedMinutes} minutes.`,
      lines: [
        `Someone, perhaps you, typed the wrong password for the Ballast account with this address several times, so signing in with a password is paused for ${message.lockedMinutes} minutes.`,
        'You can still sign in straight away with a link emailed to this address, from the sign-in page.',
      ],
      action: { label: 'Sign in with an emailed link', url: message.signInUrl },
      notes: [
        `If this was not you, your password may be known to someone else: set a new one here: ${message.resetUrl}`,
      ],
      footer: `You get this email because of failed sign-ins to this address's account. Questions: ${context.supportEmail}.`,
    },
    context,
  );
}
