// How many emails of one kind one address gets in an hour, whoever asks for them (decision 063). The
// HTTP limits count per client address; these count per recipient, so asking from many addresses, or
// from many instances, fills nobody's inbox.
import type { EmailMessage, OutboundMessage } from '../integrations/outbound-message';
import { limitKey } from './limits-store';

export const RECIPIENT_LIMIT_WINDOW_MS = 60 * 60_000;

/**
 * Per template, the most emails to one address in a window. Only the emails a stranger can cause by
 * typing an address are limited: the ones that follow what the owner did (a password changed, an
 * account deleted), the operators' notifications, alerts and the waitlist's are not.
 */
export const RECIPIENT_LIMITS = {
  /**
   * "Email me a link": a link lasts 15 minutes and is asked for on each device, and an operator's console
   * wants a link's session (decision 030), so the most generous; the end-to-end run signs its one
   * operator in six times.
   */
  'magic-link': 10,
  'password-reset': 5,
  /** The sign-up's confirmation, and the "send it again" asks after it. */
  'verify-email': 5,
  /** "Someone tried to create an account with your address": the owner needs to hear it once. */
  'sign-up-existing': 3,
  /** Each pause of password sign-in is 15 minutes; the owner knows after the first. */
  'sign-in-locked': 2,
  /** Quotes nothing the sender typed, but anyone may type any address into the form. */
  'contact-acknowledgement': 3,
} as const satisfies Partial<Record<EmailMessage['template'], number>>;

type LimitedTemplate = keyof typeof RECIPIENT_LIMITS;

export type RecipientLimit = { key: string; max: number; template: LimitedTemplate };

const isLimited = (template: string): template is LimitedTemplate =>
  Object.hasOwn(RECIPIENT_LIMITS, template);

/**
 * The limit a message counts against, or undefined when its kind is not limited. The key holds the
 * address only as a hash (the outbox row keeps it, as for any email).
 */
export function recipientLimitOf(message: OutboundMessage): RecipientLimit | undefined {
  if (message.channel !== 'email' || !isLimited(message.template)) return undefined;
  return {
    key: limitKey(`email:${message.template}`, message.to.trim().toLowerCase()),
    max: RECIPIENT_LIMITS[message.template],
    template: message.template,
  };
}

/** What an operator reads on the skipped row. */
export const overLimitNote = (limit: RecipientLimit) =>
  `not sent: over the recipient limit of ${limit.max} ${limit.template} emails an hour to one address`;
