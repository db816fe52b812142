import type { Db } from '../../db/client';
import { verifyUnsubscribeToken } from '../../integrations/email/unsubscribe-token';
import { deleteOutboxEmailsTo } from '../../jobs/outbox-store';
import { isEmailSuppressed, type SuppressionReason, suppressEmail } from '../../jobs/suppression-store';
import { deleteSignupByEmail, isOnWaitlist } from './store';

export type UnsubscribeResult =
  | { outcome: 'confirm'; email: string; isOnWaitlist: boolean }
  | { outcome: 'unsubscribed'; email: string; isOnWaitlist: boolean }
  | { outcome: 'already-unsubscribed'; email: string; isOnWaitlist: boolean }
  | { outcome: 'removed'; email: string; position: number }
  | { outcome: 'not-on-waitlist'; email: string }
  | { outcome: 'invalid-token' };

const WAITLIST_TEMPLATES = ['waitlist-welcome', 'lifetime-place-payment'];

/** The link's token names the address; a valid one adds it to the suppression list once. */
export async function unsubscribeWithToken(
  db: Db,
  secret: string,
  token: string,
  reason: SuppressionReason,
): Promise<UnsubscribeResult> {
  const email = verifyUnsubscribeToken(secret, token);
  if (!email) return { outcome: 'invalid-token' };
  const isNew = await suppressEmail(db, email, reason);
  return {
    outcome: isNew ? 'unsubscribed' : 'already-unsubscribed',
    email,
    isOnWaitlist: await isOnWaitlist(db, email),
  };
}

/**
 * What opening the link shows, changing nothing: link scanners and previews open links, so only the
 * button on that page (a POST) unsubscribes.
 */
export async function checkUnsubscribeToken(
  db: Db,
  secret: string,
  token: string,
): Promise<UnsubscribeResult> {
  const email = verifyUnsubscribeToken(secret, token);
  if (!email) return { outcome: 'invalid-token' };
  return {
    outcome: (await isEmailSuppressed(db, email)) ? 'already-unsubscribed' : 'confirm',
    email,
    isOnWaitlist: await isOnWaitlist(db, email),
  };
}

/**
 * Leaves the waitlist entirely: the place is deleted, with its unsent waitlist emails and any open £5
 * checkout, and the address stays suppressed so nothing about the waitlist reaches it again. The counter
 * is not touched: nobody moves up, and the place is never handed to anyone else.
 */
export async function removeFromWaitlistWithToken(
  db: Db,
  secret: string,
  token: string,
): Promise<UnsubscribeResult> {
  const email = verifyUnsubscribeToken(secret, token);
  if (!email) return { outcome: 'invalid-token' };
  return db.transaction(async (tx) => {
    await suppressEmail(tx, email, 'removed-from-waitlist');
    const position = await deleteSignupByEmail(tx, email);
    if (position === null) return { outcome: 'not-on-waitlist', email } as const;
    await deleteOutboxEmailsTo(tx, email, WAITLIST_TEMPLATES);
    return { outcome: 'removed', email, position } as const;
  });
}
