import { type Blueprint, PROGRESS_PER_WEEK } from '@common/blueprints';
import { londonDate, monthOf } from '@common/calendar';
import { BLUEPRINT_MONTHS, type EffectivePlan, PLAN_RANK, PREVIEW_WEEKS, planCovers } from '@common/plans';
import type { RevenueSource } from '@common/revenue';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { LlmError, type LlmOptions } from '../../integrations/llm/chat-json';
import { findEffectivePlan, planRequired } from '../billing/entitlements';
import { findOnboardingAnswers } from '../onboarding/answers';
import { revenueTotalsSince } from '../revenue/totals';
import { writeBlueprintWithModel } from './model-writer';
import { type PlannerHealth, planBlueprint } from './planner';
import {
  countBlueprints,
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

/** Without a plan that opens the whole blueprint, weeks after the preview come without their tasks. */
export function forPlan(blueprint: Blueprint, { plan }: EffectivePlan): Blueprint {
  if (planCovers(plan, 'fullBlueprint')) return blueprint;
  return {
    ...blueprint,
    steps: blueprint.steps.map((step) =>
      step.week > PREVIEW_WEEKS ? { ...step, tasks: [], isLocked: true } : step,
    ),
  };
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
  return forPlan(saved, effective);
}

/**
 * Another creator's blueprint reads as missing; a completed one cannot move; past the preview's weeks
 * it needs The Blueprint.
 */
export async function updateBlueprintProgress(db: Db, userId: string, id: string, progress: number) {
  const effective = await findEffectivePlan(db, userId);
  const isBeyondPreview = progress > PREVIEW_WEEKS * PROGRESS_PER_WEEK;
  if (isBeyondPreview && !planCovers(effective.plan, 'fullBlueprint')) {
    if (!(await findBlueprint(db, userId, id))) throw notFound(BLUEPRINT);
    throw planRequired('fullBlueprint');
  }
  const updated = await setActiveBlueprintProgress(db, userId, id, progress);
  if (updated) return forPlan(updated, effective);
  const existing = await findBlueprint(db, userId, id);
  if (!existing) throw notFound(BLUEPRINT);
  throw new AppError('CONFLICT', 'This blueprint is already complete. Generate a new one to keep going.');
}
