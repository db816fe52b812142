/**
 * The onboarding answers' validation, for the API and the server. The option lists themselves are in
 * onboarding-options.ts, which the wizard reads without loading zod.
 */
import { z } from 'zod';
import {
  AUDIENCE_SIZE_OPTIONS,
  BIGGEST_CHALLENGE_OPTIONS,
  CONTENT_NICHE_MAX_LENGTH,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
  type Option,
  PLATFORM_OPTIONS,
} from './onboarding-options';

/** Those who validate answers read the option lists from here too. */
export {
  AUDIENCE_SIZE_OPTIONS,
  BIGGEST_CHALLENGE_OPTIONS,
  CONTENT_NICHE_MAX_LENGTH,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
};

const values = <Value extends string>(options: readonly Option<Value>[]) =>
  options.map((option) => option.value) as [Value, ...Value[]];

export const platformSchema = z.enum(values(PLATFORM_OPTIONS));
export const audienceSizeSchema = z.enum(values(AUDIENCE_SIZE_OPTIONS));
export const monthlyRevenueSchema = z.enum(values(MONTHLY_REVENUE_OPTIONS));
export const currentStreamSchema = z.enum(values(CURRENT_STREAM_OPTIONS));
export const biggestChallengeSchema = z.enum(values(BIGGEST_CHALLENGE_OPTIONS));
export const goalTimeframeSchema = z.enum(values(GOAL_TIMEFRAME_OPTIONS));

function oneOf(what: string, options: readonly Option<string>[]) {
  return `Choose ${what} from: ${options.map((option) => option.value).join(', ')}.`;
}

const listOf = <Item extends z.ZodType>(item: Item, what: string) =>
  z
    .array(item)
    .max(20, `Choose at most 20 ${what}.`)
    .transform((items) => [...new Set(items)]);

/**
 * The answers as stored and sent. Nothing is required here (the wizard asks for each step; the API also
 * updates answers piecemeal): an unanswered question is null or an empty list. What is given must be one of
 * the options.
 */
export const onboardingAnswersSchema = z.object({
  platforms: z.array(platformSchema),
  primaryPlatform: platformSchema.nullable(),
  contentNiche: z.string().nullable(),
  audienceSize: audienceSizeSchema.nullable(),
  monthlyRevenue: monthlyRevenueSchema.nullable(),
  currentStreams: z.array(currentStreamSchema),
  biggestChallenge: biggestChallengeSchema.nullable(),
  goalTimeframe: goalTimeframeSchema.nullable(),
  hasAnalytics: z.boolean(),
});

export type OnboardingAnswers = z.infer<typeof onboardingAnswersSchema>;

/** POST /api/user/onboarding: what the wizard sends. Missing fields count as unanswered. */
export const onboardingSubmissionSchema = z
  .object({
    platforms: listOf(
      z.enum(values(PLATFORM_OPTIONS), { message: oneOf('platforms', PLATFORM_OPTIONS) }),
      'platforms',
    ).default([]),
    primaryPlatform: z
      .enum(values(PLATFORM_OPTIONS), { message: oneOf('a primary platform', PLATFORM_OPTIONS) })
      .nullish()
      .transform((value) => value ?? null),
    contentNiche: z
      .string({ message: 'Describe your niche in words.' })
      .trim()
      .max(CONTENT_NICHE_MAX_LENGTH, `Keep your niche under ${CONTENT_NICHE_MAX_LENGTH} characters.`)
      .nullish()
      .transform((value) => value || null),
    audienceSize: z
      .enum(values(AUDIENCE_SIZE_OPTIONS), { message: oneOf('an audience size', AUDIENCE_SIZE_OPTIONS) })
      .nullish()
      .transform((value) => value ?? null),
    monthlyRevenue: z
      .enum(values(MONTHLY_REVENUE_OPTIONS), {
        message: oneOf('a monthly revenue range', MONTHLY_REVENUE_OPTIONS),
      })
      .nullish()
      .transform((value) => value ?? null),
    currentStreams: listOf(
      z.enum(values(CURRENT_STREAM_OPTIONS), { message: oneOf('income streams', CURRENT_STREAM_OPTIONS) }),
      'income streams',
    ).default([]),
    biggestChallenge: z
      .enum(values(BIGGEST_CHALLENGE_OPTIONS), {
        message: oneOf('your biggest challenge', BIGGEST_CHALLENGE_OPTIONS),
      })
      .nullish()
      .transform((value) => value ?? null),
    goalTimeframe: z
      .enum(values(GOAL_TIMEFRAME_OPTIONS), { message: oneOf('a timeframe', GOAL_TIMEFRAME_OPTIONS) })
      .nullish()
      .transform((value) => value ?? null),
    hasAnalytics: z.boolean({ message: 'hasAnalytics must be true or false.' }).default(false),
  })
  .superRefine((answers, ctx) => {
    // The wizard offers only the platforms picked in step 1 as the primary one.
    if (answers.primaryPlatform && !answers.platforms.includes(answers.primaryPlatform)) {
      ctx.addIssue({
        code: 'custom',
        path: ['primaryPlatform'],
        message: 'Your primary platform must be one of the platforms you selected.',
      });
    }
  });

export type OnboardingSubmission = z.input<typeof onboardingSubmissionSchema>;

export const onboardingResultSchema = z.object({
  onboardingCompleted: z.literal(true),
  answers: onboardingAnswersSchema,
});

export type OnboardingResult = z.infer<typeof onboardingResultSchema>;

/** GET /api/user/onboarding: the saved answers, or null before the questionnaire is first completed. */
export const savedOnboardingSchema = z.object({ answers: onboardingAnswersSchema.nullable() });

export type SavedOnboarding = z.infer<typeof savedOnboardingSchema>;
