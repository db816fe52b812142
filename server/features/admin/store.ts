import type { AuditEntry } from '@common/admin';
import type { CurrentUser } from '@common/auth-schemas';
import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adminAuditLog } from '../../db/schema/admin';

/** What an operator can do that the log keeps. Reading lists is not an action; exporting them is. */
export type OperatorAction =
  | 'waitlist.export'
  | 'waitlist.remove'
  | 'waitlist.quarantine'
  | 'waitlist.release'
  | 'referral.void'
  | 'message.read'
  | 'message.unread'
  | 'delivery.retry'
  | 'bulletin.publish'
  | 'shift.dismiss'
  | 'plan.grant'
  | 'plan.remove'
  | 'payment.refund';

export async function recordOperatorAction(
  db: DbOrTx,
  operator: CurrentUser,
  action: OperatorAction,
  targetId: string | null,
  detail: Record<string, unknown> = {},
) {
  await db.insert(adminAuditLog).values({ operatorEmail: operator.email, action, targetId, detail });
}

export async function listOperatorActions(db: DbOrTx, limit = 100): Promise<AuditEntry[]> {
  const rows = await db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt)).limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
