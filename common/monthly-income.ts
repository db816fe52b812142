import { z } from 'zod';

/**
 * The one monthly income every screen states (docs/scoring.md#monthly-income): the average of the
 * last three London months whose streams are all in, counted from the creator's first entry. The
 * month in progress is never averaged in; it is shown on its own as "so far", and a month with a
 * stream still awaited is shown apart.
 */
export const INCOME_WINDOW_MONTHS = 3;

export const monthlyIncomeSchema = z.object({
  /** Pounds a month, a decimal string; "0.00" when no complete month has entries. */
  amount: z.string(),
  /** 'YYYY-MM' of the first and last complete months averaged; null when none is. */
  firstMonth: z.string().nullable(),
  lastMonth: z.string().nullable(),
  /** How many complete months were averaged (fewer than three for a creator who began recording lately). */
  months: z.number().int(),
  /** The month in progress and what has come in so far, a decimal string of pounds. */
  currentMonth: z.string(),
  soFar: z.string(),
  /**
   * Complete months after the window with streams not in yet (common/pending-months.ts): shown apart,
   * each stream at its usual amount, never averaged as £0. `sentence` is how every screen says it.
   */
  pending: z.array(
    z.object({
      month: z.string(),
      recorded: z.string(),
      sentence: z.string(),
      streams: z.array(
        z.object({
          source: z.string(),
          state: z.enum(['awaited', 'missing']),
          usual: z.string(),
          usuallyBy: z.string(),
        }),
      ),
    }),
  ),
});
export type MonthlyIncome = z.infer<typeof monthlyIncomeSchema>;
