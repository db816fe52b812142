import { describe, expect, it } from 'vitest';
import { onboardingFormSchema, toFormValues } from './onboarding-form';

describe('the onboarding form', () => {
  it('sends unanswered questions as null and round-trips saved answers', () => {
    const blank = toFormValues(null);
    expect(onboardingFormSchema.parse(blank)).toMatchObject({ primaryPlatform: null, contentNiche: null });

    const answers = {
      platforms: ['youtube' as const],
      primaryPlatform: 'youtube' as const,
      contentNiche: 'Cooking',
      audienceSize: '1k-5k' as const,
      monthlyRevenue: '0' as const,
      currentStreams: ['none_yet' as const],
      biggestChallenge: 'start' as const,
      goalTimeframe: 'exploring' as const,
      hasAnalytics: false,
    };
    expect(onboardingFormSchema.parse(toFormValues(answers))).toEqual(answers);
  });
});
