import type { OnboardingAnswers } from '@common/onboarding';
import { REVENUE_SOURCES, type RevenueSource } from '@common/revenue';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeHealth } from './engine';
import { ALGORITHM_WEIGHTS, OWNED_SOURCES } from './source-weights';

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
