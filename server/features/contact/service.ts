import type { CurrentUser } from '@common/auth-schemas';
import { londonDate, monthOf } from '@common/calendar';
import type { ContactMessageRequest } from '@common/contact-schemas';
import { STRATEGY_REVIEW_REQUESTED } from '@common/plans';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Jobs } from '../../jobs/boss';
import { enqueueOutbound, enqueueOutboundWithinLimits } from '../../jobs/outbox';
import { lockAccount } from '../auth/public';
import { requireFeature } from '../billing/public';
import { hasStrategyReviewSince, insertContactMessage } from './store';

export type ContactDeps = { db: Db; jobs: Jobs; supportEmail: string };

export const CONTACT_RECEIVED_MESSAGE =
  "Thanks for getting in touch. We'll reply within 24 hours on business days.";

/**
 * Keeps the message for the operators and, in the same transaction, queues the copy for the external
 * data service, an acknowledgement to the sender and a notification to the support address. Anyone may
 * type any address, so the acknowledgement goes to one address only a few times an hour (decision 063);
 * the message, its copy and the notification always go, and the answer is the same.
 */
/** `senderId`: the signed-in account that sent it, or null for a visitor. */
export async function submitContactMessage(
  deps: ContactDeps & { now: () => Date },
  contact: ContactMessageRequest,
  senderId: string | null,
) {
  await deps.db.transaction(async (tx) => {
    await insertContactMessage(tx, contact, senderId);
    await enqueueOutboundWithinLimits(
      deps.jobs,
      tx,
      [
        { channel: 'crm', path: '/api/v1/contacts', body: { ...contact, source: 'contact_form' } },
        // The acknowledgement quotes nothing they typed (decision 017); the operators' copy keeps it all.
        { channel: 'email', template: 'contact-acknowledgement', to: contact.email },
        { channel: 'email', template: 'contact-notification', to: deps.supportEmail, ...contact },
      ],
      deps.now(),
    );
  });
  return { success: true, message: CONTACT_RECEIVED_MESSAGE };
}

/**
 * The Mastermind's monthly strategy review. It reaches the operators' inbox (listed first, as priority
 * support) and the support address. One a London month; another plan answers 402 naming The Mastermind.
 */
export async function requestStrategyReview(
  deps: ContactDeps & { now: () => Date },
  user: CurrentUser,
  note: string | undefined,
) {
  await requireFeature(deps.db, user.id, 'strategyReview');
  const monthStart = `${monthOf(londonDate(deps.now()))}-01`;
  const contact = {
    name: user.firstName || user.email,
    email: user.email.toLowerCase(),
    message: note || 'Please arrange my strategy review for this month.',
  };
  await deps.db.transaction(async (tx) => {
    // One a month: the creator's row lock keeps two clicks from both getting through.
    await lockAccount(tx, user.id);
    if (await hasStrategyReviewSince(tx, contact.email, monthStart)) {
      throw new AppError(
        'CONFLICT',
        'You have asked for this month’s strategy review already: we will be in touch.',
      );
    }
    await insertContactMessage(tx, contact, user.id, 'strategy_review');
    await enqueueOutbound(deps.jobs, tx, [
      { channel: 'email', template: 'contact-notification', to: deps.supportEmail, ...contact },
    ]);
  });
  return { success: true, message: STRATEGY_REVIEW_REQUESTED };
}
