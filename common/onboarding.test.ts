import { describe, expect, it } from 'vitest';
import { onboardingSubmissionSchema } from './onboarding';

describe('onboardingSubmissionSchema', () => {
  it('requires nothing: an empty questionnaire is a valid one', () => {
    expect(onboardingSubmissionSchema.parse({})).toEqual({
      platforms: [],
      primaryPlatform: null,
      contentNiche: null,
      audienceSize: null,
      monthlyRevenue: null,
      currentStreams: [],
      biggestChallenge: null,
      goalTimeframe: null,
      hasAnalytics: false,
    });
  });

  it('takes only the listed options, and a primary platform from those picked', () => {
    expect(onboardingSubmissionSchema.safeParse({ platforms: ['myspace'] }).success).toBe(false);
    expect(onboardingSubmissionSchema.safeParse({ goalTimeframe: '30 days' }).success).toBe(false);
    expect(
      onboardingSubmissionSchema.safeParse({ platforms: ['youtube'], primaryPlatform: 'tiktok' }).success,
    ).toBe(false);
    expect(
      onboardingSubmissionSchema.parse({ platforms: ['youtube', 'youtube'], primaryPlatform: 'youtube' })
        .platforms,
    ).toEqual(['youtube']);
  });
});
