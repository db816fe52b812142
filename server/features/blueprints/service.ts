import { type Blueprint, PROGRESS_PER_WEEK, progressOf } from '@common/blueprints';
import { londonDate, monthOf } from '@common/calendar';
import { BLUEPRINT_MONTHS, type EffectivePlan, PLAN_RANK, PREVIEW_WEEKS, planCovers } from '@common/plans';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { LlmError, type LlmOptions } from '../../integrations/llm/chat-json';
import { findEffectivePlan, planRequired } from '../billing/public';
import { findOnboardingAnswers } from '../onboarding/public';
import { findCreatorFigures } from './figures';
import { writeBlueprintWithModel } from './model-writer';
import { planBlueprint } from './planner';
import type { PlannerHealth } from './planner-inputs';
import {
  countBlueprints,
  findBlueprint,
  findBlueprints,
  hasActiveBlueprint,
  insertActiveBlueprint,
  lockActiveBlueprint,
  saveTicks,
} from './store';

/** The creator's latest health-check scores, read through the health-check feature (the plugin passes it in). */
export type FindHealthScores = (userId: string) => Promise<PlannerHealth | null>;

export type BlueprintDeps = {
  db: Db;
  llm: LlmOptions | null;
  findHealthScores: FindHealthScores;
  log: FastifyBaseLogger;
  now: () => Date;
};

const ALREADY_ACTIVE = 'You already have an active blueprint. Complete it before generating a new one.';
const BLUEPRINT = 'That blueprint';

/**
 * Without a plan that opens the whole blueprint, weeks after the preview come without their tasks.
 * Every way a blueprint leaves the server (its routes, the account export) goes through this.
 */
export function stepsForPlan<Step extends { week: number; tasks: string[] }>(
  steps: readonly Step[],
  { plan }: EffectivePlan,
): (Step & { isLocked: boolean })[] {
  const isWhole = planCovers(plan, 'fullBlueprint');
  return steps.map((step) =>
    !isWhole && step.week > PREVIEW_WEEKS
      ? { ...step, tasks: [], isLocked: true }
      : { ...step, isLocked: false },
  );
}

export function forPlan(blueprint: Blueprint, effective: EffectivePlan): Blueprint {
  return { ...blueprint, steps: stepsForPlan(blueprint.steps, effective) };
}

export async function listBlueprints(db: Db, userId: string) {
  const [plan, list] = await Promise.all([findEffectivePlan(db, userId), findBlueprints(db, userId)]);
  return list.map((blueprint) => forPlan(blueprint, plan));
}

/**
 * Whether the creator may start another blueprint: the first (a preview) is open to everyone; more
 * need The Blueprint, which brings one a month for a year (at most one a London month, twelve after
 * the first); The Guardian and The Mastermind keep bringing them while they last.
 */
async function refuseBeyondAllowance(db: Db, userId: string, now: Date): Promise<EffectivePlan> {
  const [effective, started] = await Promise.all([
    findEffectivePlan(db, userId),
    countBlueprints(db, userId),
  ]);
  // Nothing completed yet: the first blueprint (or the one active, which the insert refuses with 409).
  if (started.completed === 0) return effective;
  if (!planCovers(effective.plan, 'newBlueprint')) throw planRequired('newBlueprint');
  if (PLAN_RANK[effective.plan] > PLAN_RANK.blueprint) return effective;
  if (started.total > BLUEPRINT_MONTHS) throw planRequired('monthlyBlueprints');
  if (started.latestAt && monthOf(londonDate(started.latestAt)) === monthOf(londonDate(now))) {
    throw new AppError(
      'CONFLICT',
      'The Blueprint brings one new blueprint a month, and this month’s is started. The next one opens on the 1st.',
    );
  }
  return effective;
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
  const effective = await refuseBeyondAllowance(db, userId, now());
  // None depends on another: read together. `figures` are the creator's real numbers (audience,
  // income, the sources that paid in the last 90 days).
  const [answers, health, figures] = await Promise.all([
    findOnboardingAnswers(db, userId),
    findHealthScores(userId),
    findCreatorFigures(db, userId, now()),
  ]);
  const inputs = { answers, health, figures };
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
  return forPlan(saved, effective);
}

const COMPLETE = 'This blueprint is already complete. Generate a new one to keep going.';

/**
 * Changes an active blueprint's ticks and saves the progress they make (the share of tasks ticked).
 * Another creator's blueprint reads as missing; a completed one cannot move; weeks past the preview
 * need The Blueprint.
 */
async function changeTicks(
  db: Db,
  userId: string,
  id: string,
  lastWeekChanged: number,
  change: (steps: { tasks: string[] }[], ticked: number[][]) => number[][],
): Promise<Blueprint> {
  const effective = await findEffectivePlan(db, userId);
  if (lastWeekChanged > PREVIEW_WEEKS && !planCovers(effective.plan, 'fullBlueprint')) {
    if (!(await findBlueprint(db, userId, id))) throw notFound(BLUEPRINT);
    throw planRequired('fullBlueprint');
  }
  const saved = await db.transaction(async (tx) => {
    const row = await lockActiveBlueprint(tx, userId, id);
    if (!row) {
      if (!(await findBlueprint(tx, userId, id))) throw notFound(BLUEPRINT);
      throw new AppError('CONFLICT', COMPLETE);
    }
    const current = row.steps.map((_, index) => row.ticked[index] ?? []);
    const ticked = change(row.steps, current);
    return saveTicks(tx, id, ticked, progressOf(row.steps, ticked));
  });
  return forPlan(saved, effective);
}

/** PATCH …/weeks/{week}: the tasks of that week now ticked (task numbers count from 0). */
export function tickWeekTasks(db: Db, userId: string, id: string, week: number, ticked: number[]) {
  return changeTicks(db, userId, id, week, (steps, current) => {
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
  return changeTicks(db, userId, id, weeksDone, (steps, current) =>
    steps.map((step, index) => (index < weeksDone ? step.tasks.map((_, task) => task) : current[index]!)),
  );
}
