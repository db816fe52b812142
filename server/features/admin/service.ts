import type {
  AdminContactMessage,
  AdminContactMessages,
  BulletinToPublish,
  Deliveries,
  FailedDelivery,
} from '@common/admin';
import { ADMIN_PAGE_SIZE } from '@common/admin';
import type { CurrentUser } from '@common/auth-schemas';
import { PRIORITY_REPLY_HOURS } from '@common/plans';
import type { Db, DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import type { OutboundMessage } from '../../integrations/outbound-message';
import type { Jobs } from '../../jobs/boss';
import { retryFailedOutboxMessages } from '../../jobs/outbox-retry';
import { countOutboxByStatus, listFailedOutboxMessages } from '../../jobs/outbox-store';
import { countBulletinReach, listBulletins, publishBulletin } from '../alerts/public';
import { filterUsersCovering } from '../billing/public';
import { findInboxPage, type InboxMessage, setInboxMessageRead } from '../contact/public';
import { assertShiftDetected, settleDetectedShift } from '../shifts/public';
import { recordOperatorAction } from './store';

export { countBulletinReach, listBulletins };

type ConsoleDeps = { db: Db; jobs: Jobs };

const FAILED_SHOWN = 200;

/** A message as the console shows it, with when a priority one should have its reply. */
export const toInboxMessage = (row: InboxMessage): AdminContactMessage => ({
  ...row,
  replyBy: row.isPriority
    ? new Date(row.createdAt.getTime() + PRIORITY_REPLY_HOURS * 3600 * 1000).toISOString()
    : null,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/**
 * The contact form's messages, priority ones first, then newest first, with how many are unread.
 * Priority support (The Mastermind): a strategy review request, or a message a signed-in account on
 * that plan sent. Never the address typed into the form: the public form takes anyone's. Worked out as
 * the inbox is read, so it follows the plan.
 */
export async function findContactMessages(
  db: Db,
  page: number,
  isUnreadOnly: boolean,
): Promise<AdminContactMessages> {
  const { messages, total, unread } = await findInboxPage(db, {
    page,
    isUnreadOnly,
    prioritySenders: (senderIds) => filterUsersCovering(db, senderIds, 'prioritySupport'),
  });
  return {
    messages: messages.map(toInboxMessage),
    total: isUnreadOnly ? unread : total,
    unread,
    page,
    pageSize: ADMIN_PAGE_SIZE,
  };
}

/** Marks a message read (keeping the first time it was read) or unread again, audited. */
export async function markContactMessage(
  db: DbOrTx,
  operator: CurrentUser,
  id: string,
  isRead: boolean,
): Promise<AdminContactMessage> {
  const message = await setInboxMessageRead(db, id, isRead);
  if (!message) throw notFound('That message');
  await recordOperatorAction(db, operator, isRead ? 'message.read' : 'message.unread', id);
  return toInboxMessage(message);
}

/** What a message is (an email's template, the external data service's path) and whom it is for. */
export function describeOutbound(message: OutboundMessage): Pick<FailedDelivery, 'kind' | 'recipient'> {
  if (message.channel === 'email') return { kind: message.template, recipient: message.to };
  return { kind: message.path, recipient: 'External data service' };
}

/** How many messages are in each state, and the failed ones (newest first) with their last error. */
export async function findDeliveries(db: Db): Promise<Deliveries> {
  const [counts, failed] = await Promise.all([
    countOutboxByStatus(db),
    listFailedOutboxMessages(db, FAILED_SHOWN),
  ]);
  const byStatus = { pending: 0, delivered: 0, skipped: 0, failed: 0 };
  for (const row of counts) byStatus[row.status] = row.total;
  return {
    counts: byStatus,
    failed: failed.map((row) => ({
      id: row.id,
      channel: row.channel,
      ...describeOutbound(row.payload),
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      failedAt: row.failedAt?.toISOString() ?? null,
    })),
  };
}

/** Queues a failed message again, with a full set of retries, audited. */
export async function retryDelivery(deps: ConsoleDeps, operator: CurrentUser, id: string) {
  const [retried] = await retryFailedOutboxMessages(deps.jobs, deps.db, [id]);
  if (!retried) throw notFound('A failed message with that id');
  await recordOperatorAction(deps.db, operator, 'delivery.retry', id);
  return { id, status: 'pending' as const };
}

/**
 * Publishes an algorithm-change bulletin through the alerts fan-out, audited with its reach. Drafted
 * from a platform shift, the shift is marked published with it in one transaction: two operators
 * publishing the same shift send one bulletin, and the second is told it was published already.
 */
export async function publishBulletinFor(
  deps: ConsoleDeps,
  operator: CurrentUser,
  { shiftId, ...bulletin }: BulletinToPublish,
) {
  return deps.db.transaction(async (tx) => {
    if (shiftId) await assertShiftDetected(tx, shiftId, bulletin.platform);
    const published = await publishBulletin({ db: tx, jobs: deps.jobs }, operator, bulletin);
    if (shiftId) await settleDetectedShift(tx, shiftId, { status: 'published', bulletinId: published.id });
    await recordOperatorAction(tx, operator, 'bulletin.publish', published.id, {
      platform: bulletin.platform,
      severity: bulletin.severity,
      recipients: published.recipients,
      ...(shiftId ? { shiftId } : {}),
    });
    return published;
  });
}

/** Dismisses a detected platform shift (not a platform change after all), audited. */
export async function dismissShiftFor(db: Db, operator: CurrentUser, id: string) {
  return db.transaction(async (tx) => {
    const shift = await settleDetectedShift(tx, id, { status: 'dismissed' });
    await recordOperatorAction(tx, operator, 'shift.dismiss', id, { platform: shift.platform });
    return shift;
  });
}
