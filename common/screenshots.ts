import { z } from 'zod';

/** Spec §2: screenshot upload panels exist for these three. */
export const SCREENSHOT_PLATFORMS = ['instagram', 'youtube', 'tiktok'] as const;
export const screenshotPlatformSchema = z.enum(SCREENSHOT_PLATFORMS, {
  message: `Choose the platform: ${SCREENSHOT_PLATFORMS.join(', ')}.`,
});
export type ScreenshotPlatform = z.infer<typeof screenshotPlatformSchema>;

/** Spec §9: JPEG, PNG and WebP, at most 10 MB each. */
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

/** PATCH /api/screenshots/{id}/metrics/{key}: the creator's correction of a misread figure. */
export const metricCorrectionSchema = z.object({
  value: z
    .number({ message: 'Enter the figure as a number.' })
    .nonnegative('A figure cannot be negative.')
    .max(1e12, 'That figure is too large.'),
});

export function acceptsScreenshotType(type: string): boolean {
  return (SCREENSHOT_TYPES as readonly string[]).includes(type);
}
