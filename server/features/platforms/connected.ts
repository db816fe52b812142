import type { ConnectablePlatform } from '@common/platforms';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { platformConnections } from '../../db/schema/platforms';

/**
 * The platforms a creator has active connections on, for features that score from them (the health
 * check): the one platforms read other features may import (scripts/feature-boundaries.ts).
 */
export async function findConnectedPlatforms(db: DbOrTx, userId: string): Promise<ConnectablePlatform[]> {
  const rows = await db
    .select({ platform: platformConnections.platform })
    .from(platformConnections)
    .where(and(eq(platformConnections.userId, userId), eq(platformConnections.isActive, true)));
  return rows.map((row) => row.platform).sort();
}
