import type { OnboardingAnswers } from '@common/onboarding';
import { REVENUE_SOURCES, type RevenueSource } from '@common/revenue';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHealth, type HealthInputs } from './engine';
import { ALGORITHM_WEIGHTS, OWNED_SOURCES } from './source-weights';

const answers = (overrides: Partial<OnboardingAnswers> = {}): OnboardingAnswers => ({
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'cooking',
  audienceSize: '10k-50k',
  monthlyRevenue: '1000-5000',
  currentStreams: [],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: false,
  ...overrides,
});

const scoresOf = (inputs: HealthInputs) => {
  const { recommendations: _, ...scores } = computeHealth(inputs);
  return scores;
};

describe('the worked cases in docs/scoring.md', () => {
  it('only YouTube ads: critical dependency, high risk, nothing owned', () => {
    expect(
      scoresOf({ answers: answers(), revenueBySource: { youtube_ads: 300_000 }, connectedPlatforms: [] }),
    ).toEqual({
      basis: 'revenue',
      algorithmDependency: 100,
      diversificationScore: 0,
      platformRiskScore: 100,
      engagementResilienceScore: 10,
      overallScore: 2,
      effectiveStreams: 1,
      largestPlatform: 'youtube',
      monthlyRevenuePence: 100_000,
      incomeAtRiskPence: 40_000,
    });
  });

  it('YouTube ads beside products, courses and coaching', () => {
    expect(
      scoresOf({
        answers: answers({ platforms: ['youtube', 'instagram'], hasAnalytics: true }),
        revenueBySource: {
          youtube_ads: 150_000,
          digital_products: 60_000,
          courses: 60_000,
          coaching: 30_000,
        },
        connectedPlatforms: [],
      }),
    ).toEqual({
      basis: 'revenue',
      algorithmDependency: 55,
      diversificationScore: 83,
      platformRiskScore: 52,
      engagementResilienceScore: 65,
      overallScore: 59,
      effectiveStreams: 2.9,
      largestPlatform: 'youtube',
      monthlyRevenuePence: 100_000,
      incomeAtRiskPence: 20_000,
    });
  });

  it('no revenue recorded: the onboarding streams as equal shares, and it says so', () => {
    const result = computeHealth({
      answers: answers({ currentStreams: ['ad_revenue', 'product_sales'] }),
      revenueBySource: {},
      connectedPlatforms: [],
    });
    expect(result).toMatchObject({
      basis: 'onboarding',
      algorithmDependency: 55,
      diversificationScore: 63,
      platformRiskScore: 52,
      engagementResilienceScore: 35,
      overallScore: 48,
      monthlyRevenuePence: 300_000,
      incomeAtRiskPence: 60_000,
    });
    expect(result.recommendations[0]).toMatchObject({ title: 'Record your revenue', priority: 'medium' });
  });

  it('neither revenue nor streams: estimates from the platforms, labelled as such', () => {
    const result = computeHealth({
      answers: answers({ platforms: ['youtube', 'tiktok'] }),
      revenueBySource: {},
      connectedPlatforms: [],
    });
    // Their £1,000-5,000 a month (£3,000 midpoint), half of it assumed to ride on YouTube, the primary.
    expect(result).toMatchObject({
      basis: 'none',
      algorithmDependency: 70,
      diversificationScore: 0,
      largestPlatform: 'youtube',
      incomeAtRiskPence: 60_000,
    });
    expect(result.recommendations.map((item) => item.title)).toContain('Record your revenue');
  });
});

describe('recommendations', () => {
  it('name the source, the platform and the figures behind them, most urgent first', () => {
    const { recommendations } = computeHealth({
      answers: answers(),
      revenueBySource: { youtube_ads: 300_000 },
      connectedPlatforms: [],
    });
    const priorities = recommendations.map((item) => item.priority);
    expect(priorities).toEqual(
      [...priorities].sort(
        (a, b) => ['high', 'medium', 'low'].indexOf(a) - ['high', 'medium', 'low'].indexOf(b),
      ),
    );
    const dependence = recommendations.find((item) => item.title === 'Reduce your dependence on YouTube');
    expect(dependence?.priority).toBe('high');
    expect(dependence?.description).toContain('YouTube Ads is 100%');
    expect(dependence?.description).toContain('about £400 a month');
    expect(recommendations.map((item) => item.title)).toEqual(
      expect.arrayContaining([
        'Launch an income stream you own',
        'Publish on a second platform',
        'Check your analytics every week',
      ]),
    );
  });

  it('name onboarding streams in the creator’s words, on their own platform', () => {
    const { recommendations, largestPlatform } = computeHealth({
      answers: answers({ platforms: ['youtube', 'tiktok'], currentStreams: ['ad_revenue', 'sponsorships'] }),
      revenueBySource: {},
      connectedPlatforms: [],
    });
    expect(largestPlatform).toBe('youtube');
    const text = recommendations.map((item) => item.description).join(' ');
    expect(text).toMatch(/(Ad Revenue|Sponsorships) is 50%/);
    expect(text).not.toContain('Instagram');
  });

  it('a healthy mix is told to keep it', () => {
    const { recommendations } = computeHealth({
      answers: answers({ platforms: ['youtube', 'instagram', 'blog'], hasAnalytics: true }),
      revenueBySource: {
        youtube_ads: 20_000,
        courses: 20_000,
        coaching: 20_000,
        digital_products: 20_000,
        speaking: 20_000,
      },
      connectedPlatforms: [],
    });
    expect(recommendations).toEqual([
      expect.objectContaining({ title: 'Keep your mix, and re-check monthly', priority: 'low' }),
    ]);
  });
});

const sourceArb = fc.constantFrom(...REVENUE_SOURCES);
const penceArb = fc.integer({ min: 1, max: 100_000_000 });
const revenueArb = fc.dictionary(sourceArb, penceArb, { maxKeys: REVENUE_SOURCES.length }) as fc.Arbitrary<
  Partial<Record<RevenueSource, number>>
>;
const platformArb = fc.constantFrom(
  'youtube',
  'instagram',
  'tiktok',
  'twitter',
  'blog',
  'podcast',
  'twitch',
  'other' as const,
);
const answersArb: fc.Arbitrary<OnboardingAnswers | null> = fc.option(
  fc.record({
    platforms: fc.uniqueArray(platformArb, { maxLength: 8 }),
    primaryPlatform: fc.option(platformArb, { nil: null }),
    contentNiche: fc.constant(null),
    audienceSize: fc.constantFrom(null, '0-1k', '10k-50k', '100k+' as const),
    monthlyRevenue: fc.constantFrom(null, '0', '1-500', '1000-5000', '10000+' as const),
    currentStreams: fc.uniqueArray(
      fc.constantFrom(
        'ad_revenue',
        'sponsorships',
        'affiliate_marketing',
        'product_sales',
        'course_coaching',
        'membership_patreon',
        'merchandise',
        'none_yet' as const,
      ),
    ),
    biggestChallenge: fc.constant(null),
    goalTimeframe: fc.constant(null),
    hasAnalytics: fc.boolean(),
  }),
  { nil: null },
);
const inputsArb = fc.record({
  answers: answersArb,
  revenueBySource: revenueArb,
  connectedPlatforms: fc.uniqueArray(platformArb, { maxLength: 3 }),
});
const ALGORITHM_FED = REVENUE_SOURCES.filter((source) => ALGORITHM_WEIGHTS[source] >= 0.8);
const SCORE_KEYS = [
  'overallScore',
  'platformRiskScore',
  'diversificationScore',
  'engagementResilienceScore',
  'algorithmDependency',
] as const;

const share = () => fc.double({ min: 0.2, max: 3, noNaN: true });

describe('properties', () => {
  it('every score is a whole number from 0 to 100', () => {
    fc.assert(
      fc.property(inputsArb, (inputs) => {
        const result = computeHealth(inputs);
        for (const key of SCORE_KEYS) {
          expect(Number.isInteger(result[key])).toBe(true);
          expect(result[key]).toBeGreaterThanOrEqual(0);
          expect(result[key]).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it('identical inputs give identical results, whatever order the sources come in', () => {
    fc.assert(
      fc.property(inputsArb, (inputs) => {
        const reversed = Object.fromEntries(Object.entries(inputs.revenueBySource).reverse());
        expect(computeHealth({ ...inputs, revenueBySource: reversed })).toEqual(computeHealth(inputs));
      }),
    );
  });

  it('adding an owned stream never raises dependency', () => {
    fc.assert(
      fc.property(inputsArb, fc.constantFrom(...OWNED_SOURCES), penceArb, (inputs, owned, pence) => {
        const before = computeHealth(inputs);
        const revenue = { ...inputs.revenueBySource, [owned]: (inputs.revenueBySource[owned] ?? 0) + pence };
        if (Object.keys(inputs.revenueBySource).length === 0) return; // no recorded income to compare with
        expect(
          computeHealth({ ...inputs, revenueBySource: revenue }).algorithmDependency,
        ).toBeLessThanOrEqual(before.algorithmDependency);
      }),
    );
  });

  it('adding an owned stream no larger than the largest one never lowers diversification', () => {
    fc.assert(
      fc.property(
        inputsArb,
        fc.constantFrom(...OWNED_SOURCES),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        (inputs, owned, fraction) => {
          const amounts = Object.values(inputs.revenueBySource);
          if (amounts.length === 0 || inputs.revenueBySource[owned] !== undefined) return;
          const pence = Math.max(1, Math.floor(Math.max(...amounts) * fraction));
          const after = computeHealth({
            ...inputs,
            revenueBySource: { ...inputs.revenueBySource, [owned]: pence },
          });
          expect(after.diversificationScore).toBeGreaterThanOrEqual(
            computeHealth(inputs).diversificationScore,
          );
        },
      ),
    );
  });

  it('moving revenue from an owned source to an algorithm-fed one never lowers dependency', () => {
    fc.assert(
      fc.property(
        inputsArb,
        fc.constantFrom(...OWNED_SOURCES),
        fc.constantFrom(...REVENUE_SOURCES.filter((source) => !OWNED_SOURCES.includes(source))),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (inputs, owned, algorithmic, fraction) => {
          const ownedPence = inputs.revenueBySource[owned];
          if (!ownedPence) return;
          const moved = Math.floor(ownedPence * fraction);
          const revenue = {
            ...inputs.revenueBySource,
            [owned]: ownedPence - moved,
            [algorithmic]: (inputs.revenueBySource[algorithmic] ?? 0) + moved,
          };
          expect(
            computeHealth({ ...inputs, revenueBySource: revenue }).algorithmDependency,
          ).toBeGreaterThanOrEqual(computeHealth(inputs).algorithmDependency);
        },
      ),
    );
  });

  it('all income from one algorithm-fed source is critical dependency', () => {
    fc.assert(
      fc.property(answersArb, fc.constantFrom(...ALGORITHM_FED), penceArb, (answers, source, pence) => {
        const result = computeHealth({
          answers,
          revenueBySource: { [source]: pence },
          connectedPlatforms: [],
        });
        expect(result.algorithmDependency).toBeGreaterThanOrEqual(80);
      }),
      { numRuns: 2000 },
    );
  });

  it('ads beside owned products, courses and coaching beat ads alone on every axis', () => {
    fc.assert(
      fc.property(
        answersArb,
        fc.constantFrom(...ALGORITHM_FED),
        fc.integer({ min: 10_000, max: 100_000_000 }),
        fc.tuple(share(), share(), share()),
        (answers, source, pence, [products, courses, coaching]) => {
          const alone = computeHealth({
            answers,
            revenueBySource: { [source]: pence },
            connectedPlatforms: [],
          });
          const spread = computeHealth({
            answers,
            revenueBySource: {
              [source]: pence,
              digital_products: Math.round(pence * products),
              courses: Math.round(pence * courses),
              coaching: Math.round(pence * coaching),
            },
            connectedPlatforms: [],
          });
          expect(spread.algorithmDependency).toBeLessThan(alone.algorithmDependency);
          expect(spread.platformRiskScore).toBeLessThan(alone.platformRiskScore);
          expect(spread.diversificationScore).toBeGreaterThan(alone.diversificationScore);
          expect(spread.engagementResilienceScore).toBeGreaterThan(alone.engagementResilienceScore);
          expect(spread.overallScore).toBeGreaterThan(alone.overallScore);
        },
      ),
    );
  });
});
