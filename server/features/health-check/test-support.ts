import type { OnboardingAnswers } from '@common/onboarding';
import type { RevenueSource } from '@common/revenue';
import type { HealthInputs } from './engine';
import type { LiveFallInput } from './findings';

/**
 * Creators' books for tests: a month's money per line (the window holds three such months), who paid
 * it and in what currency, their audiences and any fall under way. Shared by the health check's and
 * the blueprint's tests, so both read the same creators.
 */

export type BookLine = { source: RevenueSource; pounds: number; payer?: string; currency?: string };

export type CreatorBooks = {
  lines: BookLine[];
  answers: OnboardingAnswers;
  audience?: { platform: string; followers: number }[];
  liveFalls?: LiveFallInput[];
};

const WINDOW_MONTHS = 3;

export function healthInputsOf(books: CreatorBooks): HealthInputs {
  const revenueBySource: Partial<Record<RevenueSource, number>> = {};
  for (const line of books.lines) {
    revenueBySource[line.source] = (revenueBySource[line.source] ?? 0) + line.pounds * 100 * WINDOW_MONTHS;
  }
  return {
    answers: books.answers,
    revenueBySource,
    revenueMonths: WINDOW_MONTHS,
    connectedPlatforms: [],
    books: {
      paidBy: books.lines.map((line) => ({
        source: line.source,
        payer: line.payer ?? null,
        currency: line.currency ?? 'GBP',
        pence: line.pounds * 100 * WINDOW_MONTHS,
      })),
      liveFalls: books.liveFalls ?? [],
      audience: books.audience ?? [],
    },
  };
}

const answered = (overrides: Partial<OnboardingAnswers>): OnboardingAnswers => ({
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'Tech reviews',
  audienceSize: '100k+',
  monthlyRevenue: '5000-10000',
  currentStreams: [],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
  ...overrides,
});

/**
 * The UK tech reviewer of the walkthrough: YouTube 210k, Instagram 41k, TikTok 96k; AdSense, a US
 * agency's sponsorships and Amazon's commission in dollars, Patreon and a Gumroad preset pack; YouTube
 * views down 39% since 23 November. £5,347 a month: the agency 37.0%, dollars 47.6%.
 */
export const WALKTHROUGH_CREATOR: CreatorBooks = {
  lines: [
    { source: 'youtube_ads', pounds: 1500 },
    { source: 'youtube_sponsors', pounds: 1980, payer: 'Northlight Creator Agency', currency: 'USD' },
    { source: 'affiliate_marketing', pounds: 567, payer: 'Amazon Associates', currency: 'USD' },
    { source: 'memberships', pounds: 700 },
    { source: 'digital_products', pounds: 600 },
  ],
  answers: answered({
    platforms: ['youtube', 'instagram', 'tiktok'],
    currentStreams: [
      'ad_revenue',
      'sponsorships',
      'affiliate_marketing',
      'product_sales',
      'membership_patreon',
    ],
  }),
  audience: [
    { platform: 'youtube', followers: 210_000 },
    { platform: 'instagram', followers: 41_000 },
    { platform: 'tiktok', followers: 96_000 },
  ],
  liveFalls: [
    {
      platform: 'youtube',
      title: 'YouTube views are 5,200 a day below usual (−39%) since 23 Nov',
      advice: 'Reach fell while ad rates held: look at what changed in how your recent videos are shown.',
      atStakePence: null,
      fallPercent: 39,
      since: '2026-11-23T09:00:00.000Z',
    },
  ],
};

/** Contrasting books, each calling for one thing the others do not. */
export const CONTRASTING_CREATORS = {
  onePayerAtForty: {
    lines: [
      { source: 'youtube_sponsors', pounds: 2000, payer: 'Brightwave Media' },
      { source: 'youtube_ads', pounds: 1500 },
      { source: 'digital_products', pounds: 1000 },
      { source: 'memberships', pounds: 500 },
    ],
    answers: answered({ platforms: ['youtube'], audienceSize: '50k-100k' }),
    audience: [{ platform: 'youtube', followers: 80_000 }],
  },
  halfInDollars: {
    lines: [
      { source: 'digital_products', pounds: 1500, currency: 'USD' },
      { source: 'courses', pounds: 1000, currency: 'USD' },
      { source: 'coaching', pounds: 1200 },
      { source: 'memberships', pounds: 1300 },
    ],
    // Instagram's few followers are under the untapped audience's threshold.
    answers: answered({ platforms: ['youtube', 'instagram'] }),
    audience: [{ platform: 'instagram', followers: 500 }],
  },
  largeTikTokUnpaid: {
    lines: [
      { source: 'youtube_ads', pounds: 1200 },
      { source: 'digital_products', pounds: 900 },
      { source: 'memberships', pounds: 900 },
    ],
    answers: answered({ platforms: ['youtube', 'tiktok'] }),
    audience: [
      { platform: 'youtube', followers: 60_000 },
      { platform: 'tiktok', followers: 250_000 },
    ],
  },
  liveFall: {
    lines: [
      { source: 'youtube_ads', pounds: 2400 },
      { source: 'digital_products', pounds: 800 },
      { source: 'memberships', pounds: 800 },
    ],
    answers: answered({ platforms: ['youtube', 'instagram'] }),
    audience: [{ platform: 'youtube', followers: 120_000 }],
    liveFalls: [
      {
        platform: 'youtube',
        title: 'YouTube Ads revenue fell 45%',
        advice: 'Check YouTube Studio for a fall in views against your usual.',
        atStakePence: 108_000,
        fallPercent: 45,
        since: '2026-11-02T06:00:00.000Z',
      },
    ],
  },
  diversified: {
    lines: [
      { source: 'youtube_ads', pounds: 800 },
      { source: 'instagram_sponsors', pounds: 700 },
      { source: 'tiktok_creator_rewards', pounds: 600 },
      { source: 'digital_products', pounds: 800 },
      { source: 'courses', pounds: 700 },
      { source: 'memberships', pounds: 800 },
    ],
    answers: answered({ platforms: ['youtube', 'instagram', 'tiktok'] }),
    audience: [
      { platform: 'youtube', followers: 40_000 },
      { platform: 'instagram', followers: 30_000 },
      { platform: 'tiktok', followers: 35_000 },
    ],
  },
} satisfies Record<string, CreatorBooks>;
