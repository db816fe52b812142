import { z } from 'zod';
import {
  FIGURE_DOUBTS,
  FIGURE_HINT,
  FIGURE_KINDS,
  FIGURE_SCOPES,
  type FigureDoubt,
  type FigurePeriod,
  isFigurePeriod,
  SCREENSHOT_PLATFORMS,
  SCREENSHOT_STATUSES,
} from './screenshot-fields';

// What the panels show and accept lives apart, free of zod, so the pages do not download it.
export {
  acceptsScreenshotType,
  FIGURE_DOUBTS,
  FIGURE_HINT,
  FIGURE_KINDS,
  FIGURE_SCOPES,
  type FigureDoubt,
  type FigureKind,
  type FigurePeriod,
  type FigureScope,
  figureName,
  formatFigure,
  GENERAL_READER,
  isFigurePeriod,
  MAX_SCREENSHOT_BYTES,
  MAX_SCREENSHOTS_PER_UPLOAD,
  NAMED_PERIODS,
  type NamedPeriod,
  NO_FIGURES_FOUND,
  NOTHING_READ,
  periodDays,
  periodKind,
  periodLabel,
  readAs,
  SCREENSHOT_FIELDS,
  SCREENSHOT_PLATFORMS,
  SCREENSHOT_STATUSES,
  SCREENSHOT_TYPES,
  SCREENSHOTS_FOR_ALERTS,
  type ScreenshotPlatform,
  type ScreenshotStatus,
  SEEN_LINE_LENGTH,
  SEEN_LINES,
  understoodAs,
} from './screenshot-fields';

export const screenshotPlatformSchema = z.enum(SCREENSHOT_PLATFORMS, {
  message: `Choose the platform: ${SCREENSHOT_PLATFORMS.join(', ')}.`,
});

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
  /**
   * Read with too little confidence to count unseen: shown as "Check this figure" and left out of
   * the health check and alerts until the creator confirms or corrects it.
   */
  needsCheck: z.boolean(),
  /** Why it waits for the check (`FIGURE_DOUBTS`); null once checked, or when read surely. */
  doubt: z.enum(Object.keys(FIGURE_DOUBTS) as [FigureDoubt, ...FigureDoubt[]]).nullable(),
  /**
   * A total in the screen's period, a change over it ("+389"), or a realtime panel's figure ("Views ·
   * Last 48 hours"); a screen may give one metric as more than one of these.
   */
  kind: z.enum(FIGURE_KINDS),
  /** The account's, or a single post's (kept on the screenshot, never written as the account's). */
  scope: z.enum(FIGURE_SCOPES),
  /**
   * The change the screen states beside the figure against the period before (or the usual), in
   * percent: −35 for "↓ 35%"; null where it states none, or the creator typed the figure.
   */
  statedChange: z.number().nullable(),
});

export const figurePeriodSchema = z
  .string({ message: 'Choose the period the screen covers.' })
  .refine(isFigurePeriod, {
    message:
      'Choose the period the screen covers: last_7_days, last_28_days, last_30_days, last_60_days, last_90_days, last_365_days, lifetime, unknown, calendar_year:YYYY or custom_range:YYYY-MM-DD/YYYY-MM-DD.',
  })
  .transform((period) => period as FigurePeriod);

/** PUT /api/screenshots/{id}/period: the creator says what period a screenshot covers. */
export const screenshotPeriodSchema = z.object({ period: figurePeriodSchema });
export type ScreenshotMetric = z.infer<typeof screenshotMetricSchema>;

export const screenshotSchema = z.object({
  id: z.string(),
  platform: screenshotPlatformSchema,
  fileName: z.string(),
  /**
   * `failed`: nothing could be read at all; `no_figures`: text was read but none of the platform's
   * figures was in it (`seenLines` holds the first lines seen).
   */
  status: z.enum(SCREENSHOT_STATUSES),
  error: z.string().nullable(),
  metrics: z.array(screenshotMetricSchema),
  seenLines: z.array(z.string()),
  /** The period its figures cover: as the screen states it, or as the creator said. */
  period: z.string(),
  /** The creator chose the period (the screen did not say, or said it otherwise). */
  isPeriodGiven: z.boolean(),
  /** The period the screen itself states, kept when the creator chooses another; null before reading. */
  readPeriod: z.string().nullable(),
  /**
   * The screen's layout as the reader recognised it ("YouTube Studio, in English"); null where it
   * recognised none and the general reader read it (and for a screenshot not read yet).
   */
  layout: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  analysedAt: z.string().nullable(),
});
export type Screenshot = z.infer<typeof screenshotSchema>;

export const screenshotUploadResponseSchema = z.object({
  /** The screenshots this upload added, each to be read. */
  screenshots: z.array(screenshotSchema),
  /** Files sent before, byte for byte: the screenshot they already are, with its one reading. */
  alreadyUploaded: z.array(screenshotSchema),
});
export type ScreenshotUpload = z.infer<typeof screenshotUploadResponseSchema>;

export const screenshotParamsSchema = z.object({
  id: z.uuid({ message: 'That is not a screenshot id.' }),
});

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
