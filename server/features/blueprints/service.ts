import { type Blueprint, PROGRESS_PER_WEEK, progressOf } from '@common/blueprints';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { LlmError, type LlmOptions } from '../../integrations/llm/chat-json';
import { findOnboardingAnswers } from '../onboarding/answers';
import { findCreatorFigures } from './figures';
import { writeBlueprintWithModel } from './model-writer';
import { type PlannerHealth, planBlueprint } from './planner';
import {
  findBlueprint,
  findBlueprints,
  hasActiveBlueprint,
  insertActiveBlueprint,
  lockActiveBlueprint,
  saveTicks,
} from './store';

/** The creator's latest health-check scores, read through the health-check feature (app.ts composes it). */
export type FindHealthScores = (userId: string) => Promise<PlannerHealth | null>;

export type BlueprintDeps = {
  db: Db;
  llm: LlmOptions | null;
  findHealthScores: FindHealthScores;
  log: FastifyBaseLogger;
};

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
  { db, llm, findHealthScores, log }: BlueprintDeps,
  userId: string,
): Promise<Blueprint> {
  // Checked first so a creator with an active plan does not wait for a model; the insert decides races.
  if (await hasActiveBlueprint(db, userId)) throw new AppError('CONFLICT', ALREADY_ACTIVE);
  const inputs = {
    answers: await findOnboardingAnswers(db, userId),
    health: await findHealthScores(userId),
    figures: await findCreatorFigures(db, userId, new Date()),
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
    projectionBasis: plan.projectionBasis,
    generatedBy,
    modelFallbackReason,
    plays: plan.plays,
  });
  if (!saved) throw new AppError('CONFLICT', ALREADY_ACTIVE);
  return saved;
}

const COMPLETE = 'This blueprint is already complete. Generate a new one to keep going.';

/**
 * Changes an active blueprint's ticks and saves the progress they make (the share of tasks ticked).
 * Another creator's blueprint reads as missing; a completed one cannot move.
 */
async function changeTicks(
  db: Db,
  userId: string,
  id: string,
  change: (steps: { tasks: string[] }[], ticked: number[][]) => number[][],
): Promise<Blueprint> {
  return db.transaction(async (tx) => {
    const row = await lockActiveBlueprint(tx, userId, id);
    if (!row) {
      if (!(await findBlueprint(tx, userId, id))) throw notFound(BLUEPRINT);
      throw new AppError('CONFLICT', COMPLETE);
    }
    const current = row.steps.map((_, index) => row.ticked[index] ?? []);
    const ticked = change(row.steps, current);
    return saveTicks(tx, id, ticked, progressOf(row.steps, ticked));
  });
}

/** PATCH …/weeks/{week}: the tasks of that week now ticked (task numbers count from 0). */
export function tickWeekTasks(db: Db, userId: string, id: string, week: number, ticked: number[]) {
  return changeTicks(db, userId, id, (steps, current) => {
    const step = steps[week - 1];
    if (!step) throw new AppError('VALIDATION_ERROR', `This blueprint has no week ${week}.`);
    const beyond = ticked.find((index) => index >= step.tasks.length);
    if (beyond !== undefined) {
      throw new AppError(
        'VALIDATION_ERROR',
        `Week ${week} has ${step.tasks.length} tasks, numbered 0 to ${step.tasks.length - 1}; there is no task ${beyond}.`,
      );
    }
    return current.map((ticks, index) =>
      index === week - 1 ? [...new Set(ticked)].sort((a, b) => a - b) : ticks,
    );
  });
}

/**
 * PATCH …/progress: every task of the first progress/25 weeks is ticked (the weeks after keep theirs),
 * and progress is then the share of tasks ticked.
 */
export function updateBlueprintProgress(db: Db, userId: string, id: string, progress: number) {
  const weeksDone = Math.floor(progress / PROGRESS_PER_WEEK);
  return changeTicks(db, userId, id, (steps, current) =>
    steps.map((step, index) => (index < weeksDone ? step.tasks.map((_, task) => task) : current[index]!)),
  );
}
