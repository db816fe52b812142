import type { DbOrTx } from '../../db/client';
import { findLatestHealthCheckRow } from './store';

export type HealthScores = {
  platformRiskScore: number;
  diversificationScore: number;
  engagementResilienceScore: number;
  algorithmDependency: number;
};

/**
 * The creator's latest scores, for features that plan from them (the blueprint): the one health-check
 * read other features may import (scripts/feature-boundaries.ts).
 */
export async function findLatestHealthScores(db: DbOrTx, userId: string): Promise<HealthScores | null> {
  const row = await findLatestHealthCheckRow(db, userId);
  if (!row) return null;
  const { platformRiskScore, diversificationScore, engagementResilienceScore, algorithmDependency } = row;
  return { platformRiskScore, diversificationScore, engagementResilienceScore, algorithmDependency };
}
