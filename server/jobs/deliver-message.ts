import type { CrmClient } from '../integrations/crm/client';
import { DeliveryError } from '../integrations/delivery-error';
import type { EmailSender } from '../integrations/email/email-sender';
import { normaliseEmail } from '../integrations/email/unsubscribe-token';
import type { EmailMessage, OutboundMessage } from '../integrations/outbound-message';

export type DeliveryOutcome = { status: 'delivered'; via: string } | { status: 'skipped'; note: string };

export type Deliverers = {
  email: EmailSender;
  /** Unset when CRM_API_URL is not configured: copies are skipped. */
  crm?: CrmClient;
};

/**
 * Waitlist emails, which an address can unsubscribe from (the welcome, and the £5 place's payment link);
 * sign-in links, alerts and answers to a person's own message cannot be.
 */
const SUPPRESSIBLE_TEMPLATES = new Set<EmailMessage['template']>([
  'waitlist-welcome',
  'waitlist-standing',
  'lifetime-place-payment',
]);

/** The addresses whose suppression matters for these messages, as the suppression list stores them. */
export function suppressibleAddresses(messages: OutboundMessage[]): string[] {
  return messages.flatMap((message) =>
    message.channel === 'email' && SUPPRESSIBLE_TEMPLATES.has(message.template)
      ? [normaliseEmail(message.to)]
      : [],
  );
}

/**
 * Sends one outbox message, or says why it was deliberately not sent. Throws DeliveryError on failure.
 * `suppressed` holds the addresses of `suppressibleAddresses` found on the suppression list, read once
 * for a whole batch.
 */
export async function deliverMessage(
  message: OutboundMessage,
  outboxId: string,
  deliverers: Deliverers,
  suppressed: ReadonlySet<string>,
): Promise<DeliveryOutcome> {
  if (message.channel === 'email') {
    if (SUPPRESSIBLE_TEMPLATES.has(message.template) && suppressed.has(normaliseEmail(message.to))) {
      return { status: 'skipped', note: 'The address unsubscribed from waitlist emails.' };
    }
    const via = await deliverers.email.send(message, { outboxId });
    return { status: 'delivered', via };
  }
  if (!deliverers.crm) {
    return { status: 'skipped', note: 'The external data service is not configured (CRM_API_URL).' };
  }
  const result = await deliverers.crm.send(message.path, message.body, { idempotencyKey: outboxId });
  if (!result.success) {
    throw new DeliveryError(`${result.error.code}: ${result.error.message}`, { kind: result.error.code });
  }
  return { status: 'delivered', via: 'crm' };
}
