// The suppression list: addresses that asked for no more waitlist emails. The unsubscribe pages write
// it; delivery reads it before every waitlist email (deliver-message.ts), so it lives with the outbox.
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailSuppressions } from '../db/schema/email';
import { normaliseEmail } from '../integrations/email/unsubscribe-token';

export type SuppressionReason = 'unsubscribe-link' | 'one-click' | 'removed-from-waitlist';

/** True when this call added the address; false when it was already suppressed. */
export async function suppressEmail(db: DbOrTx, email: string, reason: SuppressionReason): Promise<boolean> {
  const rows = await db
    .insert(emailSuppressions)
    .values({ email: normaliseEmail(email), reason })
    .onConflictDoNothing()
    .returning({ email: emailSuppressions.email });
  return rows.length > 0;
}

export async function isEmailSuppressed(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, normaliseEmail(email)))
    .limit(1);
  return rows.length > 0;
}

/** Of these addresses (as stored: normalised), the ones on the suppression list. */
export async function findSuppressedEmails(db: DbOrTx, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(inArray(emailSuppressions.email, emails));
  return new Set(rows.map((row) => row.email));
}

export async function deleteSuppression(db: DbOrTx, email: string) {
  await db.delete(emailSuppressions).where(eq(emailSuppressions.email, email));
}
