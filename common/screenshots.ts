import { z } from 'zod';

/** Screenshot upload panels exist for these three. */
export const SCREENSHOT_PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export const screenshotPlatformSchema = z.enum(SCREENSHOT_PLATFORMS, {
  message: `Choose the platform: ${SCREENSHOT_PLATFORMS.join(', ')}.`,
});
export type ScreenshotPlatform = z.infer<typeof screenshotPlatformSchema>;

/** JPEG, PNG and WebP, at most 10 MB each. */
export const SCREENSHOT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_SCREENSHOT_BYTES = 10 * 1024 * 1024;
export const MAX_SCREENSHOTS_PER_UPLOAD = 10;

export const screenshotMetricSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** As the screen showed it: "12.3K", "£1,204.50". */
  shown: z.string(),
  value: z.number(),
  currency: z.enum(['GBP', 'USD', 'EUR']).nullable(),
  /** OCR confidence, 0–100; 100 once the creator has corrected it. */
  confidence: z.number(),
  isCorrected: z.boolean(),
});
export type ScreenshotMetric = z.infer<typeof screenshotMetricSchema>;

export const screenshotSchema = z.object({
  id: z.string(),
  platform: screenshotPlatformSchema,
  fileName: z.string(),
  status: z.enum(['pending', 'analysed', 'failed']),
  error: z.string().nullable(),
  metrics: z.array(screenshotMetricSchema),
  createdAt: z.string(),
  analysedAt: z.string().nullable(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

export const screenshotUploadResponseSchema = z.object({ screenshots: z.array(screenshotSchema) });

export const screenshotParamsSchema = z.object({
  id: z.uuid({ message: 'That is not a screenshot id.' }),
});

/**
 * The figures read from each platform's screens, in the order a form to type them shows them: the
 * same fields the reader fills.
 */
export const SCREENSHOT_FIELDS: Record<ScreenshotPlatform, readonly string[]> = {
  youtube: ['views', 'watch_time_hours', 'subscribers', 'impressions', 'revenue'],
  instagram: ['reach', 'engaged', 'followers', 'views', 'profile_views', 'impressions', 'likes'],
  tiktok: ['views', 'profile_views', 'likes', 'followers', 'revenue'],
};

/** What a screenshot that could not be read says, above the form to type its figures. */
export const NOTHING_READ = "Couldn't read this screen";

/**
 * Screenshots of a platform before a fall in one of its figures can be judged: each is one reading,
 * and the latest is compared with the median of those before it (at least three, up to six), as
 * months of revenue are (server/features/alerts/detection.ts, detectMonthlyDrop).
 */
export const SCREENSHOTS_FOR_ALERTS = 4;

/** How a figure may be typed: as the screen shows it. */
export const FIGURE_HINT = 'as the screen shows it, like 1.2M, 12.3K or £3,412.50';

/** A figure as a creator types it from the screen: "1.2M", "12.3K", "£3,412.50" (the server reads it). */
export const typedFigureSchema = z
  .string({ message: `Enter the figure ${FIGURE_HINT}.` })
  .trim()
  .min(1, `Enter the figure ${FIGURE_HINT}.`)
  .max(40, 'That figure is too long.');

/** PATCH /api/screenshots/{id}/metrics/{key}: the creator's correction of a misread figure. */
export const metricCorrectionSchema = z.object({
  value: z.union(
    [
      z
        .number({ message: `Enter the figure ${FIGURE_HINT}.` })
        .nonnegative('A figure cannot be negative.')
        .max(1e12, 'That figure is too large.'),
      typedFigureSchema,
    ],
    { message: `Enter the figure ${FIGURE_HINT}.` },
  ),
});

/** PUT /api/screenshots/{id}/metrics: figures typed by the creator, by key, for a screen not read. */
export const typedFiguresSchema = z.object({
  figures: z
    .record(z.string().max(40), z.string().max(40, 'That figure is too long.'), {
      message: 'Send the figures by name, like { "views": "1.2M" }.',
    })
    .refine((figures) => Object.values(figures).some((value) => value.trim() !== ''), {
      message: 'Type at least one figure from the screen.',
    }),
});
export type TypedFigures = z.infer<typeof typedFiguresSchema>;

export function acceptsScreenshotType(type: string): boolean {
  return (SCREENSHOT_TYPES as readonly string[]).includes(type);
}
