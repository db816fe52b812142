import { planCovers } from '@common/plans';
import type { Db } from '../../db/client';
import { findEffectivePlan } from '../billing/public';
import { findBlueprintRowsToExport } from './account-data-store';
import { stepsForPlan } from './service';

/**
 * The creator's blueprints for their data export, under the same plan rule as the screens
 * (decision 024): a week the plan does not open comes without its tasks. The plays the planner chose
 * name what those weeks hold, so they are left out until the whole blueprint is open.
 */
export async function exportBlueprintData(db: Db, userId: string) {
  const [effective, rows] = await Promise.all([
    findEffectivePlan(db, userId),
    findBlueprintRowsToExport(db, userId),
  ]);
  const isWhole = planCovers(effective.plan, 'fullBlueprint');
  return rows.map(({ plays, steps, ...row }) => ({
    ...row,
    steps: stepsForPlan(steps, effective),
    ...(isWhole ? { plays } : {}),
  }));
}
