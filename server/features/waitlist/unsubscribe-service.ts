import type { Db } from '../../db/client';
import { type SuppressionReason, suppressEmail } from '../../integrations/email/suppression-store';
import { verifyUnsubscribeToken } from '../../integrations/email/unsubscribe-token';

export type UnsubscribeResult =
  | { outcome: 'unsubscribed'; email: string }
  | { outcome: 'already-unsubscribed'; email: string }
  | { outcome: 'invalid-token' };

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
  return { outcome: isNew ? 'unsubscribed' : 'already-unsubscribed', email };
}
