import type { Db } from '../../db/client';
import { verifyUnsubscribeToken } from '../../integrations/email/unsubscribe-token';
import { isEmailSuppressed, type SuppressionReason, suppressEmail } from '../../jobs/suppression-store';
import { isOnWaitlist } from './store';

export type UnsubscribeResult =
  | { outcome: 'confirm'; email: string; isOnWaitlist: boolean }
  | { outcome: 'unsubscribed'; email: string; isOnWaitlist: boolean }
  | { outcome: 'already-unsubscribed'; email: string; isOnWaitlist: boolean }
  | { outcome: 'invalid-token' };

/**
 * The link's token names the address; a valid one adds it to the suppression list once, and does
 * nothing more: giving up the place needs a link of its own (removal-service.ts).
 */
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
