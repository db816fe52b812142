import { PLATFORM_OPTIONS } from '@common/creator-platforms';
import {
  AUDIENCE_SIZE_OPTIONS,
  BIGGEST_CHALLENGE_OPTIONS,
  CURRENT_STREAM_OPTIONS,
  GOAL_TIMEFRAME_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
  type OnboardingAnswers,
  onboardingSubmissionSchema,
} from '@common/onboarding';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBlueprint } from './planner';
import type { PlannerInputs } from './planner-inputs';

/** Nothing answered: what an empty questionnaire parses to. */
const unanswered: OnboardingAnswers = onboardingSubmissionSchema.parse({});

/** A cooking YouTuber living on ad revenue, afraid of the algorithm. */
const adFundedYouTuber: PlannerInputs = {
  answers: {
    ...unanswered,
    platforms: ['youtube'],
    primaryPlatform: 'youtube',
    contentNiche: 'Cooking',
    audienceSize: '50k-100k',
    monthlyRevenue: '1000-5000',
    currentStreams: ['ad_revenue'],
    biggestChallenge: 'algorithm',
    goalTimeframe: '30days',
  },
  health: {
    platformRiskScore: 90,
    diversificationScore: 10,
    engagementResilienceScore: 30,
    algorithmDependency: 95,
  },
};

/** A small fitness TikToker with no income yet and little time, who wants money soon. */
const busyBeginner: PlannerInputs = {
  answers: {
    ...unanswered,
    platforms: ['tiktok', 'instagram'],
    primaryPlatform: 'tiktok',
    contentNiche: 'Fitness',
    audienceSize: '1k-5k',
    monthlyRevenue: '0',
    currentStreams: ['none_yet'],
    biggestChallenge: 'time',
    goalTimeframe: 'asap',
  },
  health: null,
};

/** A large design creator who already sells products, courses and sponsorships, but owns no audience. */
const diversifiedDesigner: PlannerInputs = {
  answers: {
    ...unanswered,
    platforms: ['youtube', 'instagram', 'tiktok'],
    primaryPlatform: 'instagram',
    contentNiche: 'Design',
    audienceSize: '100k+',
    monthlyRevenue: '10000+',
    currentStreams: ['product_sales', 'course_coaching', 'sponsorships'],
    biggestChallenge: 'conversion',
    goalTimeframe: '90days',
  },
  health: {
    platformRiskScore: 40,
    diversificationScore: 80,
    engagementResilienceScore: 35,
    algorithmDependency: 30,
  },
};

describe('the planner', () => {
  it('gives an ad-funded creator owned income first: a product, then an email list', () => {
    const plan = planBlueprint(adFundedYouTuber);
    expect(plan.weaknesses[0]).toBe('dependency');
    expect(plan.plays).toEqual(['digital_product', 'email_list']);
    expect(plan.description).toMatch(/^Your algorithm dependency is 95%/);
    expect(plan.steps[0]!.tasks).toContain('List the ten questions your YouTube comments ask most often');
    expect(plan.steps[0]!.description).toContain(
      'what people who come to you for cooking already ask you about',
    );
  });

  it('gives a busy beginner the plays that take least time: a product, then affiliate links', () => {
    const plan = planBlueprint(busyBeginner);
    expect(plan.plays).toEqual(['digital_product', 'affiliate_programmes']);
    expect(plan.steps[0]!.tasks).toContain('List the ten questions your TikTok comments ask most often');
  });

  it('starts a diversified creator whose resilience is weakest on an email list, then a membership', () => {
    const plan = planBlueprint(diversifiedDesigner);
    expect(plan.weaknesses).toEqual(['resilience', 'platform_risk', 'dependency', 'diversification']);
    expect(plan.plays).toEqual(['email_list', 'membership']);
    // They already sell products, courses and sponsorships: none of those is proposed again.
    expect(plan.plays).not.toContain('digital_product');
    expect(plan.plays).not.toContain('online_course');
    expect(plan.plays).not.toContain('sponsorship_outreach');
  });

  it('does not tell a creator whose paid newsletter already pays to start an email list', () => {
    const plan = planBlueprint({ ...adFundedYouTuber, recordedSources: ['youtube_ads', 'paid_newsletter'] });
    expect(plan.plays[0]).toBe('digital_product');
    expect(plan.plays).not.toContain('email_list');
    expect(plan.plays).not.toContain('membership');
    // Recorded income counts as the onboarding answers do: a recorded Patreon is a membership run.
    const withPatreon = planBlueprint({ ...diversifiedDesigner, recordedSources: ['memberships'] });
    // On three platforms already, a "second home" would be a step taken: speaking comes second.
    expect(withPatreon.plays).toEqual(['email_list', 'speaking']);
  });

  it('offers a small creator who already runs most plays two of them to grow', () => {
    const plan = planBlueprint({
      ...busyBeginner,
      recordedSources: ['paid_newsletter', 'digital_products', 'coaching', 'affiliate_marketing'],
    });
    expect(plan.plays).toHaveLength(2);
    expect(new Set(plan.plays).size).toBe(2);
  });

  it('never proposes a play the audience is too small for', () => {
    const tiny = { ...busyBeginner, answers: { ...busyBeginner.answers!, audienceSize: '0-1k' as const } };
    for (const challenge of BIGGEST_CHALLENGE_OPTIONS) {
      const plan = planBlueprint({
        ...tiny,
        answers: { ...tiny.answers, biggestChallenge: challenge.value },
      });
      expect(plan.plays).not.toContain('sponsorship_outreach');
      expect(plan.plays).not.toContain('merchandise');
      expect(plan.plays).not.toContain('speaking');
    }
  });

  it('sends a creator on one platform to one they are not on yet, and one on two nowhere', () => {
    const onOne: PlannerInputs = {
      answers: {
        ...unanswered,
        platforms: ['youtube'],
        primaryPlatform: 'youtube',
        biggestChallenge: 'diversify',
      },
      health: {
        platformRiskScore: 95,
        diversificationScore: 60,
        engagementResilienceScore: 70,
        algorithmDependency: 40,
      },
    };
    const plan = planBlueprint(onOne);
    expect(plan.plays[0]).toBe('cross_platform');
    expect(plan.steps[0]!.title).toBe('Repurpose your best YouTube content for Instagram');
    // Already on Instagram: building "a second home" there would be a step taken.
    const onTwo = planBlueprint({
      ...onOne,
      answers: { ...onOne.answers!, platforms: ['youtube', 'instagram'] },
    });
    expect(onTwo.plays).not.toContain('cross_platform');
    expect(onTwo.steps.map((step) => step.title).join(' ')).not.toMatch(/second home/);
  });

  it('lays out four weeks: set up and launch the first play, then the second, then a review', () => {
    const plan = planBlueprint(adFundedYouTuber);
    expect(plan.steps.map((step) => step.week)).toEqual([1, 2, 3, 4]);
    expect(plan.steps[0]!.title).toBe('Build a small digital product');
    expect(plan.steps[1]!.title).toBe('Launch the product to your audience');
    expect(plan.steps[2]!.title).toBe('Own your audience: start an email list');
    expect(plan.steps[3]!.tasks.at(-1)).toMatch(/^Review the month/);
  });
});

const optionValues = <T extends { value: string }>(options: readonly T[]) =>
  options.map((option) => option.value);

const answersArbitrary: fc.Arbitrary<OnboardingAnswers> = fc.record({
  platforms: fc.uniqueArray(fc.constantFrom(...optionValues(PLATFORM_OPTIONS))),
  primaryPlatform: fc.option(fc.constantFrom(...optionValues(PLATFORM_OPTIONS))),
  contentNiche: fc.option(fc.string({ maxLength: 100 })),
  audienceSize: fc.option(fc.constantFrom(...optionValues(AUDIENCE_SIZE_OPTIONS))),
  monthlyRevenue: fc.option(fc.constantFrom(...optionValues(MONTHLY_REVENUE_OPTIONS))),
  currentStreams: fc.uniqueArray(fc.constantFrom(...optionValues(CURRENT_STREAM_OPTIONS))),
  biggestChallenge: fc.option(fc.constantFrom(...optionValues(BIGGEST_CHALLENGE_OPTIONS))),
  goalTimeframe: fc.option(fc.constantFrom(...optionValues(GOAL_TIMEFRAME_OPTIONS))),
  hasAnalytics: fc.boolean(),
}) as fc.Arbitrary<OnboardingAnswers>;

const score = fc.integer({ min: 0, max: 100 });
const inputsArbitrary: fc.Arbitrary<PlannerInputs> = fc.record({
  answers: fc.option(answersArbitrary),
  health: fc.option(
    fc.record({
      platformRiskScore: score,
      diversificationScore: score,
      engagementResilienceScore: score,
      algorithmDependency: score,
    }),
  ),
});

describe('every plan, whatever the creator said', () => {
  it('has four weeks of 3–6 tasks, two different plays, a range with min below max, and is repeatable', () => {
    fc.assert(
      fc.property(inputsArbitrary, (inputs) => {
        const plan = planBlueprint(inputs);
        expect(plan.steps).toHaveLength(4);
        for (const step of plan.steps) {
          expect(step.tasks.length).toBeGreaterThanOrEqual(3);
          expect(step.tasks.length).toBeLessThanOrEqual(6);
          expect(step.title.length).toBeGreaterThan(0);
        }
        expect(new Set(plan.plays).size).toBe(2);
        expect(plan.projectedRevenue.min).toBeLessThanOrEqual(plan.projectedRevenue.max);
        expect(planBlueprint(structuredClone(inputs))).toEqual(plan);
      }),
    );
  });
});
