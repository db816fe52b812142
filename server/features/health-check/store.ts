import type { HealthCheck, HealthHistory } from '@common/health-check';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type HealthInputsSummary, healthChecks } from '../../db/schema/health';

export type { HealthInputsSummary };

type Row = typeof healthChecks.$inferSelect;
export type NewHealthCheck = Omit<typeof healthChecks.$inferInsert, 'id' | 'userId'>;

const poundsOf = (pence: number) => (pence / 100).toFixed(2);

export function toHealthCheck(row: Row): HealthCheck {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    overallScore: row.overallScore,
    platformRiskScore: row.platformRiskScore,
    diversificationScore: row.diversificationScore,
    engagementResilienceScore: row.engagementResilienceScore,
    algorithmDependency: row.algorithmDependency,
    recommendations: row.recommendations,
    basis: row.basis,
    effectiveStreams: row.effectiveStreams,
    largestPlatform: row.largestPlatform,
    incomeAtRisk: poundsOf(row.incomeAtRiskPence),
    monthlyRevenue: poundsOf(row.monthlyRevenuePence),
  };
}

export async function findLatestHealthCheckRow(db: DbOrTx, userId: string): Promise<Row | null> {
  const [row] = await db
    .select()
    .from(healthChecks)
    .where(eq(healthChecks.userId, userId))
    .orderBy(desc(healthChecks.createdAt), desc(healthChecks.id))
    .limit(1);
  return row ?? null;
}

export async function insertHealthCheck(db: DbOrTx, userId: string, check: NewHealthCheck): Promise<Row> {
  const [row] = await db
    .insert(healthChecks)
    .values({ ...check, userId })
    .returning();
  return row!;
}

/** The most recent runs' overall scores, oldest first (the screen's history chart). */
export async function findHealthHistory(db: DbOrTx, userId: string, limit: number): Promise<HealthHistory> {
  const rows = await db
    .select({ createdAt: healthChecks.createdAt, overallScore: healthChecks.overallScore })
    .from(healthChecks)
    .where(eq(healthChecks.userId, userId))
    .orderBy(desc(healthChecks.createdAt), desc(healthChecks.id))
    .limit(limit);
  return rows
    .reverse()
    .map((row) => ({ createdAt: row.createdAt.toISOString(), overallScore: row.overallScore }));
}
