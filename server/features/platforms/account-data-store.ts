// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { platformConnections, platformMetrics } from '../../db/schema/platforms';

/** Connections (never their tokens) and every figure read from a platform or a screenshot. */
export async function exportPlatformData(db: Db, userId: string) {
  const [connections, metrics] = await Promise.all([
    db.select().from(platformConnections).where(eq(platformConnections.userId, userId)),
    db
      .select()
      .from(platformMetrics)
      .where(eq(platformMetrics.userId, userId))
      .orderBy(asc(platformMetrics.recordedAt)),
  ]);
  return {
    platformConnections: connections.map((row) =>
      withoutColumns(row, ['userId', 'accessToken', 'refreshToken']),
    ),
    platformMetrics: metrics.map((row) => withoutColumns(row, ['userId'])),
  };
}
