import { checkedBy } from '@common/checked-by';
import { type OnboardingAnswers, onboardingSubmissionSchema } from '@common/onboarding';
import { z } from 'zod';

/** Unanswered radio groups hold '' in the form; the API calls that null. */
const choice = z
  .string()
  .nullable()
  .transform((value) => value || null);

/** The wizard's fields, turned into the API's submission (and checked by the same rules). */
export const onboardingFormSchema = z
  .object({
    platforms: z.array(z.string()),
    primaryPlatform: choice,
    contentNiche: z.string(),
    audienceSize: choice,
    monthlyRevenue: choice,
    currentStreams: z.array(z.string()),
    biggestChallenge: choice,
    goalTimeframe: choice,
    hasAnalytics: z.boolean(),
  })
  .transform(checkedBy(onboardingSubmissionSchema));

export type OnboardingFormValues = z.input<typeof onboardingFormSchema>;
export type OnboardingFormOutput = z.output<typeof onboardingFormSchema>;

export function toFormValues(answers: OnboardingAnswers | null): OnboardingFormValues {
  return {
    platforms: answers?.platforms ?? [],
    primaryPlatform: answers?.primaryPlatform ?? '',
    contentNiche: answers?.contentNiche ?? '',
    audienceSize: answers?.audienceSize ?? '',
    monthlyRevenue: answers?.monthlyRevenue ?? '',
    currentStreams: answers?.currentStreams ?? [],
    biggestChallenge: answers?.biggestChallenge ?? '',
    goalTimeframe: answers?.goalTimeframe ?? '',
    hasAnalytics: answers?.hasAnalytics ?? false,
  };
}

type Field = keyof OnboardingFormValues;
export type MissingAnswer = { field: Field; message: string };

/**
 * What each step must have before the next (decision 032): the questions the health check (platforms,
 * income, streams) and the blueprint (audience, challenge, timeframe) read. The niche stays optional;
 * "None Yet" answers the streams question.
 */
const STEP_REQUIREMENTS: readonly (readonly MissingAnswer[])[] = [
  [
    { field: 'platforms', message: 'Tick at least one platform you publish on.' },
    { field: 'primaryPlatform', message: 'Choose your primary platform.' },
  ],
  [{ field: 'audienceSize', message: 'Choose how big your audience is.' }],
  [
    { field: 'monthlyRevenue', message: 'Choose your monthly revenue, £0 included.' },
    { field: 'currentStreams', message: 'Tick your income streams, or None Yet.' },
  ],
  [
    { field: 'biggestChallenge', message: 'Choose your biggest challenge.' },
    { field: 'goalTimeframe', message: 'Choose when you want a new income stream.' },
  ],
];

function isAnswered(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  return value !== null && value !== undefined;
}

/** The unanswered questions of one step (0-based), in the order they appear. */
export function missingAnswers(step: number, values: OnboardingFormValues): MissingAnswer[] {
  return (STEP_REQUIREMENTS[step] ?? []).filter((requirement) => !isAnswered(values[requirement.field]));
}

/** The first step (0-based) with an unanswered question, or null when every step is answered. */
export function firstIncompleteStep(values: OnboardingFormValues): number | null {
  const step = STEP_REQUIREMENTS.findIndex((_, index) => missingAnswers(index, values).length > 0);
  return step === -1 ? null : step;
}
