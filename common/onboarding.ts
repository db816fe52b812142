import { z } from 'zod';
import { PLATFORM_OPTIONS } from './creator-platforms';
import { CURRENT_STREAM_OPTIONS } from './revenue-sources';

/**
 * The onboarding questionnaire's option lists, shared by the wizard and the server's validation
 * (docs/product/app.md#onboarding). Values are what we store and what later features (health check,
 * blueprint) read; labels are what a creator sees. Platforms and streams were first named by their labels
 * (stored as snake_case values); challenge and timeframe by their values (decision 011).
 */
type Option<Value extends string> = { readonly value: Value; readonly label: string };

const values = <Value extends string>(options: readonly Option<Value>[]) =>
  options.map((option) => option.value) as [Value, ...Value[]];

export const AUDIENCE_SIZE_OPTIONS = [
  { value: '0-1k', label: '0-1k' },
  { value: '1k-5k', label: '1k-5k' },
  { value: '5k-10k', label: '5k-10k' },
  { value: '10k-50k', label: '10k-50k' },
  { value: '50k-100k', label: '50k-100k' },
  { value: '100k+', label: '100k+' },
] as const;

/** Pounds per month. */
export const MONTHLY_REVENUE_OPTIONS = [
  { value: '0', label: '£0' },
  { value: '1-500', label: '£1-500' },
  { value: '500-1000', label: '£500-1000' },
  { value: '1000-5000', label: '£1000-5000' },
  { value: '5000-10000', label: '£5000-10000' },
  { value: '10000+', label: '£10000+' },
] as const;

/** The income streams are the revenue tracker's source groups (common/revenue-sources.ts): one list. */
export { CURRENT_STREAM_OPTIONS };

export const BIGGEST_CHALLENGE_OPTIONS = [
  { value: 'algorithm', label: 'Algorithm changes keep cutting my reach' },
  { value: 'start', label: "I don't know where to start" },
  { value: 'time', label: 'Not enough time to build new income' },
  { value: 'audience', label: 'Growing my audience' },
  { value: 'conversion', label: 'Turning followers into paying customers' },
  { value: 'diversify', label: 'Diversifying beyond one platform' },
] as const;

export const GOAL_TIMEFRAME_OPTIONS = [
  { value: 'asap', label: 'ASAP (2 weeks)' },
  { value: '30days', label: '30 days' },
  { value: '60days', label: '60 days' },
  { value: '90days', label: '90 days' },
  { value: 'exploring', label: 'Just exploring' },
] as const;

export const platformSchema = z.enum(values(PLATFORM_OPTIONS));
export const audienceSizeSchema = z.enum(values(AUDIENCE_SIZE_OPTIONS));
export const monthlyRevenueSchema = z.enum(values(MONTHLY_REVENUE_OPTIONS));
export const currentStreamSchema = z.enum(values(CURRENT_STREAM_OPTIONS));
export const biggestChallengeSchema = z.enum(values(BIGGEST_CHALLENGE_OPTIONS));
export const goalTimeframeSchema = z.enum(values(GOAL_TIMEFRAME_OPTIONS));

export const CONTENT_NICHE_MAX_LENGTH = 100;

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
