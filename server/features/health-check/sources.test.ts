import type { OnboardingAnswers } from '@common/onboarding';
import type { RevenueSource } from '@common/revenue';
import { describe, expect, it } from 'vitest';
import { computeHealth } from './engine';

/** The sources added for income as creators are paid: each scored by the weight and platform in docs/scoring.md. */

const answers = (overrides: Partial<OnboardingAnswers> = {}): OnboardingAnswers => ({
  platforms: ['youtube', 'instagram'],
  primaryPlatform: 'instagram',
  contentNiche: 'cooking',
  audienceSize: '10k-50k',
  monthlyRevenue: '1000-5000',
  currentStreams: [],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: false,
  ...overrides,
});

const only = (source: RevenueSource) =>
  computeHealth({ answers: answers(), revenueBySource: { [source]: 300_000 }, connectedPlatforms: [] });

describe('each new source alone', () => {
  it.each([
    // source, dependency (100 × w), platform whose reach pays it, owned
    ['tiktok_creator_rewards', 100, 'tiktok', false],
    ['youtube_sponsors', 80, 'youtube', false],
    ['tiktok_sponsors', 80, 'tiktok', false],
    ['podcast_sponsors', 50, 'podcast', false],
    ['newsletter_sponsors', 10, null, true],
    ['brand_deals', 80, 'instagram', false],
    ['memberships', 10, null, true],
    ['youtube_memberships', 40, 'youtube', false],
    ['paid_newsletter', 10, null, true],
    ['tips', 30, null, false],
    ['youtube_super_chat', 70, 'youtube', false],
    ['tiktok_live_gifts', 90, 'tiktok', false],
    ['licensing', 20, null, false],
  ] as const)('%s: dependency %i, paid through %s', (source, dependency, platform, isOwned) => {
    const result = only(source);
    expect(result.algorithmDependency).toBe(dependency);
    // With no platform behind it, the largest exposure is nobody's and platform risk is dependency alone.
    if (platform) expect(result.largestPlatform).toBe(platform);
    else expect(result.platformRiskScore).toBe(Math.round(0.4 * dependency));
    // Owned income counts half of resilience; two platforms give 0.3 × 2/3.
    expect(result.engagementResilienceScore).toBe(isOwned ? 70 : 20);
    const titles = result.recommendations.map((item) => item.title);
    expect(titles.includes('Launch an income stream you own')).toBe(!isOwned);
  });
});

describe('income as it is really paid', () => {
  it('a YouTube brand deal is YouTube risk, not Instagram risk', () => {
    const result = computeHealth({
      answers: answers(),
      revenueBySource: { youtube_sponsors: 200_000, instagram_sponsors: 100_000 },
      connectedPlatforms: [],
    });
    expect(result.largestPlatform).toBe('youtube');
  });

  it('a £1,800 paid newsletter beside YouTube ads is owned income, not "Other"', () => {
    const inputs = (source: RevenueSource): Parameters<typeof computeHealth>[0] => ({
      answers: answers({ platforms: ['youtube'], primaryPlatform: 'youtube' }),
      revenueBySource: { youtube_ads: 180_000, [source]: 180_000 },
      connectedPlatforms: [],
    });
    const asOther = computeHealth(inputs('other'));
    const asNewsletter = computeHealth(inputs('paid_newsletter'));
    expect(asOther.engagementResilienceScore).toBe(10);
    expect(asNewsletter.engagementResilienceScore).toBe(35);
    expect(asNewsletter.algorithmDependency).toBe(55);
    expect(asNewsletter.algorithmDependency).toBeLessThan(asOther.algorithmDependency);
    expect(asNewsletter.recommendations.map((item) => item.title)).not.toContain(
      'Launch an income stream you own',
    );
  });

  it('reads onboarding’s "Membership/Patreon" as a membership the creator runs', () => {
    const result = computeHealth({
      answers: answers({ currentStreams: ['membership_patreon'] }),
      revenueBySource: {},
      connectedPlatforms: [],
    });
    expect(result.basis).toBe('onboarding');
    expect(result.algorithmDependency).toBe(10);
    expect(result.engagementResilienceScore).toBe(70);
  });
});
