import { onboardingSubmissionSchema } from '@common/onboarding';
import { describe, expect, it } from 'vitest';
import {
  firstIncompleteStep,
  fromStored,
  missingAnswers,
  toFormValues,
  toSubmission,
} from './onboarding-form';

describe('the onboarding form', () => {
  it('sends unanswered questions as null and round-trips saved answers', () => {
    const blank = toFormValues(null);
    expect(toSubmission(blank)).toMatchObject({ primaryPlatform: null, contentNiche: null });
    // What the wizard sends is what the API's own schema accepts, unchanged.
    expect(onboardingSubmissionSchema.parse(toSubmission(blank))).toEqual(toSubmission(blank));

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
    expect(toSubmission(toFormValues(answers))).toEqual(answers);
    expect(onboardingSubmissionSchema.parse(toSubmission(toFormValues(answers)))).toEqual(answers);
  });

  it('reads a stored draft of any shape as answers or unanswered, and never sends what is not an option', () => {
    expect(fromStored(null)).toEqual(toFormValues(null));
    expect(fromStored('youtube')).toEqual(toFormValues(null));
    const tampered = fromStored({
      platforms: ['youtube', 'myspace', 7, 'youtube'],
      primaryPlatform: 'tiktok',
      contentNiche: `  ${'x'.repeat(150)}`,
      audienceSize: '1m+',
      monthlyRevenue: 500,
      currentStreams: 'sponsorships',
      biggestChallenge: 'time',
      goalTimeframe: null,
      hasAnalytics: 'yes',
    });
    expect(tampered).toMatchObject({
      platforms: ['youtube', 'myspace', 'youtube'],
      monthlyRevenue: '',
      currentStreams: [],
      goalTimeframe: '',
      hasAnalytics: false,
    });
    const sent = toSubmission(tampered);
    expect(sent).toEqual({
      platforms: ['youtube'],
      // Not among the ticked platforms, so not an answer.
      primaryPlatform: null,
      contentNiche: 'x'.repeat(100),
      audienceSize: null,
      monthlyRevenue: null,
      currentStreams: [],
      biggestChallenge: 'time',
      goalTimeframe: null,
      hasAnalytics: false,
    });
    expect(onboardingSubmissionSchema.safeParse(sent).success).toBe(true);
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
