// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { waitlistSignups } from '../../db/schema/waitlist';
import { closeGaps } from './held-places-store';
import { lockSignupCounter } from './store';

/** The address's waitlist place, for an account that proved it owns the address. */
export async function exportWaitlistPlace(db: Db, email: string) {
  const [row] = await db.select().from(waitlistSignups).where(eq(waitlistSignups.email, email));
  return row ? withoutColumns(row, ['paymentLinkSentAt']) : null;
}

/** Deleting an account deletes its place: under the counter lock, everyone after it moves up. */
export async function deleteWaitlistPlace(tx: Tx, email: string) {
  await lockSignupCounter(tx);
  const [removed] = await tx
    .delete(waitlistSignups)
    .where(eq(waitlistSignups.email, email))
    .returning({ position: waitlistSignups.position });
  if (removed?.position != null) await closeGaps(tx);
}
