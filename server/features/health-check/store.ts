import type { HealthCheck, HealthHistory } from '@common/health-check';
import { and, desc, eq, sql } from 'drizzle-orm';
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
    incomeWindow: row.basis === 'revenue' ? (row.inputs.incomeWindow ?? null) : null,
    findings: row.findings,
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

/**
 * The most recent runs' overall scores, oldest first (the screen's history chart). Once a run has been
 * made from recorded revenue, the estimates from onboarding answers before it are left out: a fall from
 * a guess to the first real score is not the creator getting worse.
 */
export async function findHealthHistory(db: DbOrTx, userId: string, limit: number): Promise<HealthHistory> {
  const firstReal = db
    .select({ at: sql`min(${healthChecks.createdAt})` })
    .from(healthChecks)
    .where(and(eq(healthChecks.userId, userId), eq(healthChecks.basis, 'revenue')));
  const rows = await db
    .select({ createdAt: healthChecks.createdAt, overallScore: healthChecks.overallScore })
    .from(healthChecks)
    .where(
      and(
        eq(healthChecks.userId, userId),
        sql`(${healthChecks.basis} = 'revenue' OR ${healthChecks.createdAt} > coalesce((${firstReal}), '-infinity'::timestamptz))`,
      ),
    )
    .orderBy(desc(healthChecks.createdAt), desc(healthChecks.id))
    .limit(limit);
  return rows
    .reverse()
    .map((row) => ({ createdAt: row.createdAt.toISOString(), overallScore: row.overallScore }));
}
