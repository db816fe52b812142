// The health-check feature's public module: the only file of health-check that other features import.
import type { HealthFindings } from '@common/health-check';
import type { DbOrTx } from '../../db/client';
import { findLatestHealthCheckRow } from './store';

export type HealthScores = {
  platformRiskScore: number;
  diversificationScore: number;
  engagementResilienceScore: number;
  algorithmDependency: number;
  /** What the books showed at that run; null for runs from before they were measured. */
  findings?: HealthFindings | null;
};

/** The creator's latest scores, for features that plan from them (the blueprint). */
export async function findLatestHealthScores(db: DbOrTx, userId: string): Promise<HealthScores | null> {
  const row = await findLatestHealthCheckRow(db, userId);
  if (!row) return null;
  const { platformRiskScore, diversificationScore, engagementResilienceScore, algorithmDependency } = row;
  return {
    platformRiskScore,
    diversificationScore,
    engagementResilienceScore,
    algorithmDependency,
    findings: row.findings,
  };
}
export { exportHealthCheckData } from './account-data-store';
export { THRESHOLDS as BOOKS_THRESHOLDS } from './findings';
