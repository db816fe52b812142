import { z } from 'zod';

// How alerts read on screen (labels, severities, times) is in alert-labels.ts, free of zod, so a page
// that only shows alerts does not download it.

/** An alert about a revenue drop or an algorithm change. GET /api/alerts answers them a page at a time. */
export const alertSchema = z.object({
  id: z.string(),
  severity: z.string(),
  platform: z.string(),
  title: z.string(),
  description: z.string(),
  impactDescription: z.string().nullable(),
  mitigationStrategy: z.string().nullable(),
  /** Pence a month the fall costs (null when it is not about money); lists order by severity, then this. */
  atStakePence: z.number().nullable().optional(),
  /**
   * A "not recorded yet" reminder's month: the screens offer to add it (on the month's last day, `date`,
   * at its usual amount) or to say it brought nothing (POST /api/revenue/nothing-in-month). Null on every
   * other alert.
   */
  record: z
    .object({
      source: z.string(),
      month: z.string(),
      date: z.string(),
      usual: z.string().describe('pounds, a decimal string'),
    })
    .nullable()
    .optional(),
  createdAt: z.string(),
  /** When the creator dismissed it; null while unread. */
  readAt: z.string().nullable().optional(),
});

export type Alert = z.infer<typeof alertSchema>;

/** A page of alerts is at most this long; the dashboard asks for this many at a time. */
export const ALERT_PAGE_MAX = 100;
export const ALERT_PAGE_DEFAULT = 50;

export const alertListQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(ALERT_PAGE_MAX, `limit can be at most ${ALERT_PAGE_MAX}.`)
    .default(ALERT_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(200, 'That page of alerts is not one Ballast gave out: start from the first.')
    .optional(),
});

/**
 * GET /api/alerts: the unread alerts first, however old, then the read ones, each newest first;
 * `nextCursor` asks for the next page (null on the last).
 */
export const alertPageSchema = z.object({
  alerts: z.array(alertSchema),
  nextCursor: z.string().nullable(),
  /**
   * When the scan last looked at the creator's figures (null: not yet) and when it looks next (null:
   * when new figures arrive; nothing is waiting).
   */
  checks: z.object({ lastCheckedAt: z.string().nullable(), nextCheckAt: z.string().nullable() }),
});

export type AlertPage = z.infer<typeof alertPageSchema>;

export const alertParamsSchema = z.object({ id: z.uuid({ message: 'That is not an alert id.' }) });

/** An operator's algorithm-change bulletin, as the console composes it (POST /api/admin/bulletins). */
export const bulletinSchema = z.object({
  platform: z.enum(['youtube', 'instagram', 'tiktok', 'twitter', 'other'], {
    message: 'Choose the platform: youtube, instagram, tiktok, twitter or other.',
  }),
  severity: z.enum(['critical', 'high', 'medium', 'low'], {
    message: 'Choose a severity: critical, high, medium or low.',
  }),
  title: z
    .string()
    .trim()
    .min(5, 'Give the bulletin a title of at least 5 characters.')
    .max(120, 'Keep the title under 120 characters.'),
  description: z
    .string()
    .trim()
    .min(10, 'Say what changed, in at least 10 characters.')
    .max(2000, 'Keep the description under 2,000 characters.'),
  impactDescription: z.string().trim().max(1000, 'Keep the impact under 1,000 characters.').optional(),
  mitigationStrategy: z.string().trim().max(1000, 'Keep the advice under 1,000 characters.').optional(),
});
export type Bulletin = z.infer<typeof bulletinSchema>;
