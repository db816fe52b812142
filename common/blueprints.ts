import { z } from 'zod';

/** Spec §3: a 30-day blueprint. GET /api/blueprints answers a list of them. */
export const blueprintSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(['active', 'completed']),
  progress: z.number().int().min(0).max(100),
  projectedRevenue: z.object({ min: z.number(), max: z.number() }),
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

/** Spec §4: current week = floor(progress/25)+1, kept within the plan's four weeks. */
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

/** Spec §4: the message for each progress bucket (0–24, 25–49, 50–74, 75–99, 100). */
export function progressMessage(progress: number): string {
  if (progress >= 100)
    return 'Blueprint complete! You have built new income the algorithms cannot take away.';
  if (progress >= 75) return 'Final stretch: one week to go. Finish strong.';
  if (progress >= 50) return 'Halfway there: your new income streams are taking shape.';
  if (progress >= 25) return 'Great start: week one is done. Keep the momentum going.';
  return 'Let’s get started: work through this week’s tasks, then mark the week complete.';
}

/** 'Mark week complete' (spec §4): +25, capped at 100. */
export function nextWeekProgress(progress: number): number {
  return Math.min(100, progress + PROGRESS_PER_WEEK);
}

/** Spec §4: a week is complete when progress passes its 25-point band; its own percent within that band. */
export function weekPercent(week: number, progress: number): number {
  const start = (week - 1) * PROGRESS_PER_WEEK;
  return Math.round((Math.min(Math.max(progress - start, 0), PROGRESS_PER_WEEK) / PROGRESS_PER_WEEK) * 100);
}
