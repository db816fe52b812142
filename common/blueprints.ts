import { z } from 'zod';

/** A 30-day blueprint. GET /api/blueprints answers a list of them. */
export const blueprintSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['active', 'completed']),
  progress: z.number().int().min(0).max(100),
  projectedRevenue: z.object({ min: z.number(), max: z.number() }),
  /** What the projection rests on, in words: the creator's figures or answers and the rates used. */
  projectionBasis: z.string(),
  steps: z.array(
    z.object({
      week: z.number().int(),
      title: z.string(),
      description: z.string(),
      tasks: z.array(z.string()),
      /**
       * A week the creator's plan does not open (weeks 2–4 without The Blueprint): its tasks are left
       * out of the answer.
       */
      isLocked: z.boolean(),
    }),
  ),
  /** Ticked task indexes per week: `ticked[week - 1]`. Progress is the share of all tasks ticked. */
  ticked: z.array(z.array(z.number().int())),
  updatedAt: z.string(),
  createdAt: z.string(),
  /** When progress reached 100; null while active. */
  completedAt: z.string().nullable(),
  /** Which wrote the plan: the built-in planner or the configured model. */
  generatedBy: z.enum(['planner', 'model']),
});

export type Blueprint = z.infer<typeof blueprintSchema>;

export const BLUEPRINT_WEEKS = 4;
export const PROGRESS_PER_WEEK = 25;

/** The week a whole-week progress figure points at: floor(progress/25)+1, within the four weeks. */
export function currentWeek(progress: number): number {
  return Math.min(BLUEPRINT_WEEKS, Math.floor(progress / PROGRESS_PER_WEEK) + 1);
}

export const blueprintParamsSchema = z.object({
  id: z.uuid({ message: 'Blueprint ids are UUIDs, like the id in GET /api/blueprints.' }),
});

/** PATCH /api/blueprints/{id}/progress */
export const blueprintProgressSchema = z.object({
  progress: z
    .number({ message: 'progress must be a whole number from 0 to 100.' })
    .int('progress must be a whole number from 0 to 100.')
    .min(0, 'progress must be a whole number from 0 to 100.')
    .max(100, 'progress must be a whole number from 0 to 100.'),
});

/** The message for each progress bucket (0–24, 25–49, 50–74, 75–99, 100). */
export function progressMessage(progress: number): string {
  if (progress >= 100)
    return 'Blueprint complete! You have built new income the algorithms cannot take away.';
  if (progress >= 75) return 'Final stretch: one week to go. Finish strong.';
  if (progress >= 50) return 'Halfway there: your new income streams are taking shape.';
  if (progress >= 25) return 'Great start: week one is done. Keep the momentum going.';
  return 'Let’s get started: work through this week’s tasks, then mark the week complete.';
}

type Steps = readonly { tasks: readonly string[] }[];

/**
 * Progress as a whole percent: each week is 25 points and each ticked task its share of its week's 25,
 * so a week marked complete adds exactly 25 however many tasks it has, and ticking them one by one ends
 * at the same figure (100 only when every task is ticked).
 */
export function progressOf(steps: Steps, ticked: readonly (readonly number[])[]): number {
  const shown = steps.filter((step) => step.tasks.length > 0);
  if (shown.length === 0) return 0;
  // Whole points for whole weeks, so a complete week is 25 exactly, not 24.999… from a third of 25 thrice.
  const points = steps.reduce((sum, step, index) => {
    if (step.tasks.length === 0) return sum;
    if (isWeekComplete(step, ticked[index])) return sum + PROGRESS_PER_WEEK;
    return sum + (PROGRESS_PER_WEEK * tickedIn(step, ticked[index]).length) / step.tasks.length;
  }, 0);
  const isAllDone = steps.every(
    (step, index) => step.tasks.length === 0 || isWeekComplete(step, ticked[index]),
  );
  return isAllDone && shown.length === steps.length ? 100 : Math.min(99, Math.floor(points));
}

/** The ticks that name a task of this week, each once, in order. */
function tickedIn(step: { tasks: readonly string[] }, ticks: readonly number[] | undefined): number[] {
  return [...new Set(ticks ?? [])]
    .filter((index) => index >= 0 && index < step.tasks.length)
    .sort((a, b) => a - b);
}

/**
 * A week is complete when every one of its tasks is ticked. A week showing no tasks (locked without the
 * whole blueprint) has nothing done in it, so it never counts as complete.
 */
export function isWeekComplete(
  step: { tasks: readonly string[] },
  ticks: readonly number[] | undefined,
): boolean {
  return step.tasks.length > 0 && tickedIn(step, ticks).length === step.tasks.length;
}

/** A week's own percent: the share of its tasks ticked. */
export function weekPercent(
  step: { tasks: readonly string[] },
  ticks: readonly number[] | undefined,
): number {
  if (step.tasks.length === 0) return 0;
  return Math.round((tickedIn(step, ticks).length / step.tasks.length) * 100);
}

/** How many weeks have every task ticked. */
export function completeWeeks(steps: Steps, ticked: readonly (readonly number[])[]): number {
  return steps.filter((step, index) => isWeekComplete(step, ticked[index])).length;
}

/** The first week with a task left to do (the last week once all are done). */
export function currentWeekOf(steps: Steps, ticked: readonly (readonly number[])[]): number {
  const open = steps.findIndex((step, index) => !isWeekComplete(step, ticked[index]));
  return open === -1 ? steps.length : open + 1;
}

/** PATCH /api/blueprints/{id}/weeks/{week}: the tasks of that week now ticked. */
export const blueprintWeekParamsSchema = /* @__PURE__ */ blueprintParamsSchema.extend({
  week: z.coerce
    .number({ message: 'week must be 1, 2, 3 or 4.' })
    .int('week must be 1, 2, 3 or 4.')
    .min(1, 'week must be 1, 2, 3 or 4.')
    .max(BLUEPRINT_WEEKS, 'week must be 1, 2, 3 or 4.'),
});

export const blueprintTicksSchema = z.object({
  ticked: z
    .array(
      z
        .number({ message: 'ticked lists task numbers, counting from 0.' })
        .int('ticked lists task numbers, counting from 0.')
        .min(0, 'ticked lists task numbers, counting from 0.'),
      { message: 'ticked must be a list of task numbers, counting from 0.' },
    )
    .max(20, 'A week has at most 6 tasks.'),
});
