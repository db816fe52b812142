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
    }),
  ),
  updatedAt: z.string(),
});

export type Blueprint = z.infer<typeof blueprintSchema>;

export const BLUEPRINT_WEEKS = 4;
export const PROGRESS_PER_WEEK = 25;

/** Spec §4: current week = floor(progress/25)+1, kept within the plan's four weeks. */
export function currentWeek(progress: number): number {
  return Math.min(BLUEPRINT_WEEKS, Math.floor(progress / PROGRESS_PER_WEEK) + 1);
}
