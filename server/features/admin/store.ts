import { ADMIN_PAGE_SIZE } from '@common/admin';
import type { AuditQuery } from '@common/admin-people';
import type { CurrentUser } from '@common/auth-schemas';
import { BUSINESS_TIME_ZONE } from '@common/calendar';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
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
  | 'delivery.resend'
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

/** One page of the log, newest first, narrowed by operator, action and London days (both included). */
export async function listOperatorActions(db: DbOrTx, query: AuditQuery) {
  const where = and(
    query.operator ? eq(adminAuditLog.operatorEmail, query.operator) : undefined,
    query.action ? eq(adminAuditLog.action, query.action) : undefined,
    query.from
      ? sql`${adminAuditLog.createdAt} >= (${query.from}::date)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE}`
      : undefined,
    query.to
      ? sql`${adminAuditLog.createdAt} < (${query.to}::date + 1)::timestamp AT TIME ZONE ${BUSINESS_TIME_ZONE}`
      : undefined,
  );
  const [rows, [matching], operators, actions] = await Promise.all([
    db
      .select()
      .from(adminAuditLog)
      .where(where)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_PAGE_SIZE),
    db.select({ total: count() }).from(adminAuditLog).where(where),
    db
      .selectDistinct({ value: adminAuditLog.operatorEmail })
      .from(adminAuditLog)
      .orderBy(asc(adminAuditLog.operatorEmail)),
    db.selectDistinct({ value: adminAuditLog.action }).from(adminAuditLog).orderBy(asc(adminAuditLog.action)),
  ]);
  return {
    rows,
    total: matching?.total ?? 0,
    operators: operators.map((row) => row.value),
    actions: actions.map((row) => row.value),
  };
}
