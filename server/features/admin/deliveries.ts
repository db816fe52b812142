import type { Deliveries, FailedDelivery } from '@common/admin';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema/outbox';
import type { OutboundMessage } from '../../integrations/outbound-message';

const FAILED_SHOWN = 200;

function describe(message: OutboundMessage): Pick<FailedDelivery, 'kind' | 'recipient'> {
  if (message.channel === 'email') return { kind: message.template, recipient: message.to };
  return { kind: message.path, recipient: 'External data service' };
}

/** How many messages are in each state, and the failed ones (newest first) with their last error. */
export async function findDeliveries(db: Db): Promise<Deliveries> {
  const [counts, failed] = await Promise.all([
    db
      .select({ status: outboxMessages.status, total: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .groupBy(outboxMessages.status),
    db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.status, 'failed'))
      .orderBy(desc(outboxMessages.failedAt))
      .limit(FAILED_SHOWN),
  ]);
  const byStatus = { pending: 0, delivered: 0, skipped: 0, failed: 0 };
  for (const row of counts) byStatus[row.status] = row.total;
  return {
    counts: byStatus,
    failed: failed.map((row) => ({
      id: row.id,
      channel: row.channel,
      ...describe(row.payload),
      attempts: row.attempts,
      lastError: row.lastError,
      createdAt: row.createdAt.toISOString(),
      failedAt: row.failedAt?.toISOString() ?? null,
    })),
  };
}
