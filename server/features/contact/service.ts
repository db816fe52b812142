import type { ContactMessageRequest } from '@common/contact-schemas';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound } from '../../jobs/outbox';
import { insertContactMessage } from './store';

export type ContactDeps = { db: Db; jobs: Jobs; supportEmail: string };

export const CONTACT_RECEIVED_MESSAGE =
  "Thanks for getting in touch. We'll reply within 24 hours on business days.";

/**
 * Keeps the message for the operators and, in the same transaction, queues the copy for the external
 * data service, an acknowledgement to the sender and a notification to the support address.
 */
/** `senderId`: the signed-in account that sent it, or null for a visitor. */
export async function submitContactMessage(
  deps: ContactDeps,
  contact: ContactMessageRequest,
  senderId: string | null,
) {
  await deps.db.transaction(async (tx) => {
    await insertContactMessage(tx, contact, senderId);
    await enqueueOutbound(deps.jobs, tx, [
      { channel: 'crm', path: '/api/v1/contacts', body: { ...contact, source: 'contact_form' } },
      // The acknowledgement quotes nothing they typed (decision 017); the operators' copy keeps it all.
      { channel: 'email', template: 'contact-acknowledgement', to: contact.email },
      { channel: 'email', template: 'contact-notification', to: deps.supportEmail, ...contact },
    ]);
  });
  return { success: true, message: CONTACT_RECEIVED_MESSAGE };
}
