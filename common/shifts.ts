import { z } from 'zod';
import { formatDateInWords } from './calendar';
import { platformName } from './platform-names';

/**
 * Platform shifts: falls that most of a platform's connected creators share over the same days
 * (docs/scoring.md, "Platform shifts"; decision 050). The thresholds live here so the job, the alert
 * wording and the console read one set.
 */

/** Fewer connected creators than this: nothing is recorded, said or shown about the platform. */
export const SHIFT_MIN_COHORT = 20;
/** A creator fell when their recent level is at most this share of their usual one (down a third). */
export const SHIFT_FELL_RATIO = 2 / 3;
/** A shift when at least this share of the cohort fell. */
export const SHIFT_MIN_FELL_SHARE = 0.6;
/** The days averaged for the recent level: the last three complete days. */
export const SHIFT_RECENT_DAYS = 3;
/** The usual level: the median day from 35 to 8 days before today (four weeks, a week clear). */
export const SHIFT_BASELINE_FIRST = 35;
export const SHIFT_BASELINE_LAST = 8;
/** A creator counts with at least this many days in each window. */
export const SHIFT_MIN_BASELINE_DAYS = 14;
export const SHIFT_MIN_RECENT_DAYS = 2;
/** How far back the first day of a fall is looked for. */
export const SHIFT_LOOKBACK_DAYS = 14;
/**
 * "Held steady": on each day of a creator's fall, the cohort's median day was at least this share of
 * its usual level (no more than 15% down).
 */
export const SHIFT_STEADY_RATIO = 0.85;

export const SHIFT_STATUSES = ['detected', 'published', 'dismissed'] as const;
export type ShiftStatus = (typeof SHIFT_STATUSES)[number];

/** A recorded shift as the operators' console shows it: aggregates only, never a creator. */
export const platformShiftSchema = z.object({
  id: z.string(),
  platform: z.string(),
  /** The first day of the fall ('YYYY-MM-DD'). */
  startedOn: z.string(),
  /** The recent days compared, and the usual days they were compared with, at the latest run. */
  recentFrom: z.string(),
  recentTo: z.string(),
  baselineFrom: z.string(),
  baselineTo: z.string(),
  /** Connected creators with enough days in both windows (never under SHIFT_MIN_COHORT). */
  cohortSize: z.number(),
  /** How many of them fell by a third or more. */
  fellCount: z.number(),
  /** The cohort's median change, recent against usual (−0.42 is 42% down). */
  medianChange: z.number(),
  status: z.enum(SHIFT_STATUSES),
  /** False once a run no longer finds the fall. */
  isOpen: z.boolean(),
  bulletinId: z.string().nullable(),
  detectedAt: z.string(),
  updatedAt: z.string(),
  /** A bulletin the operator can edit and publish. */
  draft: z.object({
    platform: z.enum(['youtube', 'instagram', 'tiktok']),
    severity: z.enum(['high', 'medium']),
    title: z.string(),
    description: z.string(),
    impactDescription: z.string(),
    mitigationStrategy: z.string(),
  }),
});
export type PlatformShift = z.infer<typeof platformShiftSchema>;

const weekdayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const DAY_MS = 24 * 3600 * 1000;

/**
 * When a fall began, as a sentence says it after "since": a weekday within the last six days
 * ("Tuesday"), otherwise the date in words ("3 November 2026"). `today` is London's date.
 */
export function sinceLabel(startedOn: string, today: string): string {
  const daysAgo = (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${startedOn}T00:00:00Z`)) / DAY_MS;
  if (daysAgo >= 1 && daysAgo <= 6) return weekdayFormat.format(new Date(`${startedOn}T00:00:00Z`));
  return formatDateInWords(startedOn);
}

/** A creator's fall that most of the platform's creators share. */
export function sharedFallSentence(platform: string, startedOn: string, today: string): string {
  return `Most ${platformName(platform)} creators on Ballast saw the same fall since ${sinceLabel(startedOn, today)}: this looks like a platform change, not your content.`;
}

/** A creator's fall while the platform's other creators held steady over the same days. */
export function ownFallSentence(platform: string): string {
  return `Other ${platformName(platform)} creators on Ballast held steady over the same days: this fall is yours, not the platform's.`;
}

const percent = (share: number) => `${Math.round(Math.abs(share) * 100)}%`;

/** The bulletin the console offers for a shift, for the operator to edit before publishing. */
export function draftShiftBulletin(shift: {
  platform: 'youtube' | 'instagram' | 'tiktok';
  startedOn: string;
  cohortSize: number;
  fellCount: number;
  medianChange: number;
}): PlatformShift['draft'] {
  const name = platformName(shift.platform);
  const fellShare = shift.fellCount / shift.cohortSize;
  return {
    platform: shift.platform,
    severity: shift.medianChange <= -0.5 ? 'high' : 'medium',
    title: `${name} views fell for most creators from ${formatDateInWords(shift.startedOn)}`,
    description: `${shift.fellCount} of the ${shift.cohortSize} ${name} creators on Ballast we compared (${percent(fellShare)}) saw their daily views fall by a third or more from ${formatDateInWords(shift.startedOn)}, compared with their usual level; their views typically fell by ${percent(shift.medianChange)}. Falls shared this widely point to a change on ${name}, not to any one channel's content.`,
    impactDescription: `Daily views, and the ad revenue and reach that follow them, may stay lower until ${name} settles.`,
    mitigationStrategy:
      'Hold back from big changes to your content until the picture is clearer; keep publishing on your usual schedule and lean on the income that does not depend on the feed.',
  };
}
