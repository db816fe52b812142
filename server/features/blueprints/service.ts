import type { Blueprint } from '@common/blueprints';
import { londonDate } from '@common/calendar';
import type { RevenueSource } from '@common/revenue';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { LlmError, type LlmOptions } from '../../integrations/llm/chat-json';
import { findOnboardingAnswers } from '../onboarding/answers';
import { revenueTotalsSince } from '../revenue/totals';
import { writeBlueprintWithModel } from './model-writer';
import { type PlannerHealth, planBlueprint } from './planner';
import {
  findBlueprint,
  findBlueprints,
  hasActiveBlueprint,
  insertActiveBlueprint,
  setActiveBlueprintProgress,
} from './store';

/** The creator's latest health-check scores, read through the health-check feature (app.ts composes it). */
export type FindHealthScores = (userId: string) => Promise<PlannerHealth | null>;

export type BlueprintDeps = {
  db: Db;
  llm: LlmOptions | null;
  findHealthScores: FindHealthScores;
  log: FastifyBaseLogger;
  now: () => Date;
};

/** How far back recorded revenue shows a stream the creator runs: the health check's 90 days. */
const RECORDED_WINDOW_DAYS = 90;

async function findRecordedSources(db: Db, userId: string, now: Date): Promise<RevenueSource[]> {
  const start = new Date(`${londonDate(now)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - (RECORDED_WINDOW_DAYS - 1));
  const { penceBySource } = await revenueTotalsSince(db, userId, start.toISOString().slice(0, 10));
  return (Object.keys(penceBySource) as RevenueSource[]).filter((source) => (penceBySource[source] ?? 0) > 0);
}

const ALREADY_ACTIVE = 'You already have an active blueprint. Complete it before generating a new one.';
const BLUEPRINT = 'That blueprint';

export function listBlueprints(db: Db, userId: string) {
  return findBlueprints(db, userId);
}

/**
 * The creator's new active blueprint: the planner's plan from their answers and latest health check,
 * written by the model instead when one is configured and answers well in time.
 */
export async function generateBlueprint(
  { db, llm, findHealthScores, log, now }: BlueprintDeps,
  userId: string,
): Promise<Blueprint> {
  // Checked first so a creator with an active plan does not wait for a model; the insert decides races.
  if (await hasActiveBlueprint(db, userId)) throw new AppError('CONFLICT', ALREADY_ACTIVE);
  const inputs = {
    answers: await findOnboardingAnswers(db, userId),
    health: await findHealthScores(userId),
    recordedSources: await findRecordedSources(db, userId, now()),
  };
  const plan = planBlueprint(inputs);
  let written = { title: plan.title, description: plan.description, steps: plan.steps };
  let generatedBy: 'planner' | 'model' = 'planner';
  let modelFallbackReason: string | null = null;
  if (llm) {
    try {
      written = await writeBlueprintWithModel(llm, inputs, plan);
      generatedBy = 'model';
    } catch (error) {
      if (!(error instanceof LlmError)) throw error;
      modelFallbackReason = error.message;
      log.warn({ reason: error.reason, message: error.message }, 'blueprint model failed; using the planner');
    }
  }
  const saved = await insertActiveBlueprint(db, userId, {
    ...written,
    projectedRevenueMin: plan.projectedRevenue.min,
    projectedRevenueMax: plan.projectedRevenue.max,
    generatedBy,
    modelFallbackReason,
    plays: plan.plays,
  });
  if (!saved) throw new AppError('CONFLICT', ALREADY_ACTIVE);
  return saved;
}

/** Another creator's blueprint reads as missing; a completed one cannot move. */
export async function updateBlueprintProgress(db: Db, userId: string, id: string, progress: number) {
  const updated = await setActiveBlueprintProgress(db, userId, id, progress);
  if (updated) return updated;
  const existing = await findBlueprint(db, userId, id);
  if (!existing) throw notFound(BLUEPRINT);
  throw new AppError('CONFLICT', 'This blueprint is already complete. Generate a new one to keep going.');
}
