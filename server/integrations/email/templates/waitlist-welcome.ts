import { escapeHtml } from '../../../escape-html';
import type { EmailMessage } from '../../outbound-message';
import {
  button,
  emailHtml,
  list,
  mutedParagraph,
  panel,
  paragraph,
  type RenderedEmail,
  TEXT_SIGNATURE,
  ukTime,
} from './layout';

type WaitlistWelcome = Extract<EmailMessage, { template: 'waitlist-welcome' | 'waitlist-standing' }>;

type TierCopy = { headline: string; tierName: string; what: string; next: string[] };

/**
 * Headlines match the waitlist form's success view, so the email reads as its continuation. Accounts are
 * open, so the next steps say how to make one now: a place counts for the account that proves its address.
 */
function tierCopy(tier: string, signUpUrl: string): TierCopy {
  if (tier === 'free') {
    return {
      headline: 'FREE ACCESS SECURED!',
      tierName: 'Lifetime free access',
      what: 'You are one of the first 50 creators: Ballast is free for you, for life.',
      next: [
        'Keep this email: it is your proof of a free lifetime spot.',
        `Accounts are open now: create yours with this address at ${signUpUrl} and confirm the address, and The Guardian is yours for life.`,
        'Add your income and get your first income health check in minutes.',
      ],
    };
  }
  if (tier === 'lifetime_paid') {
    return {
      headline: 'LIFETIME ACCESS LOCKED!',
      tierName: 'Lifetime access for £5',
      what: 'You are one of the next 500 creators: lifetime access for a one-off £5.',
      next: [
        'Your £5 payment link follows by email. Nothing to pay until it arrives.',
        'Once paid, your lifetime spot is yours for good.',
        `Accounts are open now: create yours with this address at ${signUpUrl}; once your £5 is paid, The Guardian is yours for life.`,
      ],
    };
  }
  return {
    headline: 'WAITLIST CONFIRMED!',
    tierName: 'Waitlist',
    what: 'You are on the Ballast waitlist.',
    next: [
      `Accounts are open now: create yours at ${signUpUrl} to track your revenue and run your first health check.`,
      'Note where your income comes from: it makes your first health check sharper.',
    ],
  };
}

/** Over the link to the place's own page. */
const PLACE_PAGE_NOTE =
  'Your place has its own page: your position, and once it is kept, your link to share with other creators (each friend who joins through it and confirms can move you up).';

export function renderWaitlistWelcome(
  message: WaitlistWelcome,
  context: { publicUrl: string; unsubscribeUrl: string },
): RenderedEmail {
  const copy = tierCopy(message.tier, new URL('/sign-in?mode=create', context.publicUrl).toString());
  const position = `#${message.position.toLocaleString('en-GB')}`;
  // A held place is kept once its address is confirmed: the link comes first, with its deadline.
  const by = message.confirmBy && ukTime(message.confirmBy);
  const keep = message.confirmUrl
    ? {
        text: [`Keep ${position}: confirm this address${by ? ` by ${by}` : ''}.`, message.confirmUrl, ''],
        html: button(`Keep my place ${position}`, message.confirmUrl),
        note: `Until you confirm, ${position} is only held for you: if it is not confirmed${by ? ` by ${by}` : ' within 48 hours'}, it goes back to the queue.`,
      }
    : null;
  const subject =
    message.template === 'waitlist-standing'
      ? `Your place on the Ballast waitlist: ${position}`
      : `${copy.headline} You're ${position} on the Ballast waitlist`;
  const text = [
    copy.headline,
    '',
    message.message,
    '',
    ...(keep ? [...keep.text, keep.note, ''] : []),
    `Position: ${position}`,
    `Tier: ${copy.tierName}`,
    copy.what,
    '',
    'What happens next',
    ...copy.next.map((step, index) => `${index + 1}. ${step}`),
    '',
    ...(message.placeUrl ? [PLACE_PAGE_NOTE, message.placeUrl, ''] : []),
    TEXT_SIGNATURE,
    context.publicUrl,
    '',
    `You get this email because you joined the Ballast waitlist. Unsubscribe: ${context.unsubscribeUrl}`,
  ].join('\n');
  const html = emailHtml({
    title: subject,
    preheader: `Position ${position} • ${copy.tierName}`,
    heading: copy.headline,
    body: [
      paragraph(escapeHtml(message.message)),
      ...(keep ? [keep.html, mutedParagraph(escapeHtml(keep.note))] : []),
      panel(
        `<strong style="font-size:22px;">Position ${escapeHtml(position)}</strong><br>${escapeHtml(copy.tierName)}<br><span style="color:#a1a1aa;">${escapeHtml(copy.what)}</span>`,
      ),
      paragraph('<strong>What happens next</strong>'),
      list(copy.next.map(escapeHtml)),
      ...(message.placeUrl
        ? [
            paragraph(
              `${escapeHtml(PLACE_PAGE_NOTE)} <a href="${escapeHtml(message.placeUrl)}" style="color:#fafafa;font-weight:700;">See your place</a>`,
            ),
          ]
        : []),
      mutedParagraph(escapeHtml(TEXT_SIGNATURE)),
    ].join('\n'),
    footer: `You get this email because you joined the Ballast waitlist. <a href="${escapeHtml(context.unsubscribeUrl)}" style="color:#fafafa;">Unsubscribe</a>`,
  });
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${context.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
