import { describe, expect, it } from 'vitest';
import { firstIncompleteStep, missingAnswers, onboardingFormSchema, toFormValues } from './onboarding-form';

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

  it('asks each step for what the health check and the blueprint read, and no more', () => {
    const blank = toFormValues(null);
    expect(missingAnswers(0, blank).map((missing) => missing.field)).toEqual([
      'platforms',
      'primaryPlatform',
    ]);
    expect(missingAnswers(1, blank).map((missing) => missing.field)).toEqual(['audienceSize']);
    expect(missingAnswers(2, blank).map((missing) => missing.field)).toEqual([
      'monthlyRevenue',
      'currentStreams',
    ]);
    expect(missingAnswers(3, blank).map((missing) => missing.field)).toEqual([
      'biggestChallenge',
      'goalTimeframe',
    ]);
    expect(firstIncompleteStep(blank)).toBe(0);

    // £0 and "None Yet" are answers; the niche and the analytics box may stay empty.
    const answered = {
      ...blank,
      platforms: ['youtube'],
      primaryPlatform: 'youtube',
      audienceSize: '0-1k',
      monthlyRevenue: '0',
      currentStreams: ['none_yet'],
      biggestChallenge: 'start',
      goalTimeframe: 'exploring',
    };
    for (const step of [0, 1, 2, 3]) expect(missingAnswers(step, answered)).toEqual([]);
    expect(firstIncompleteStep(answered)).toBeNull();
    expect(firstIncompleteStep({ ...answered, goalTimeframe: '' })).toBe(3);
    expect(firstIncompleteStep({ ...answered, currentStreams: [] })).toBe(2);
    expect(missingAnswers(0, { ...answered, primaryPlatform: '  ' })[0]?.message).toBe(
      'Choose your primary platform.',
    );
  });
});
