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
