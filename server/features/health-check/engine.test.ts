import type { OnboardingAnswers } from '@common/onboarding';
import { describe, expect, it } from 'vitest';
import { computeHealth, type HealthInputs } from './engine';

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
  // What the books show has its own tests (findings.test.ts).
  const { recommendations: _, findings: __, ...scores } = computeHealth(inputs);
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
      // Named at onboarding, paying nothing, and no figure read of it yet.
      expect.objectContaining({ title: 'Measure your audience on Instagram', priority: 'low' }),
    ]);
  });
});
