import type { Platform } from '@common/creator-platforms';
import type { HealthBasis } from '@common/health-check';
import { CURRENT_STREAM_OPTIONS, type OnboardingAnswers } from '@common/onboarding';
import { type RevenueSource, sourceLabel, sourcePlatform } from '@common/revenue';
import type { CurrentStream } from '@common/revenue-sources';
import { type BooksInputs, readBooks } from './findings';
import type { HealthResult, Shares } from './health-result';
import { recommend } from './recommendations';
import { ALGORITHM_WEIGHTS, OWNED_SOURCES } from './source-weights';

/**
 * The health check's scores, by the formulas in docs/scoring.md. Pure: the same inputs give the same
 * result, and nothing here reads the clock or the database.
 */

/** Onboarding streams, read as the revenue sources they stand for when no revenue is recorded. */
const STREAM_SOURCES: Record<Exclude<CurrentStream, 'none_yet'>, RevenueSource> = {
  ad_revenue: 'youtube_ads',
  sponsorships: 'brand_deals',
  affiliate_marketing: 'affiliate_marketing',
  product_sales: 'digital_products',
  course_coaching: 'courses',
  membership_patreon: 'memberships',
  merchandise: 'merchandise',
};

/**
 * What "ad revenue" is on the creator's primary platform: its creator programme, or on Instagram
 * (which pays few creators for views) the brand money its reach brings.
 */
const AD_SOURCE_BY_PLATFORM: Partial<Record<Platform, RevenueSource>> = {
  youtube: 'youtube_ads',
  tiktok: 'tiktok_creator_rewards',
  instagram: 'instagram_sponsors',
};

/** Pounds a month at the middle of each onboarding bracket (as the blueprint's projection uses). */
const MONTHLY_REVENUE_MIDPOINTS: Record<string, number> = {
  '0': 0,
  '1-500': 250,
  '500-1000': 750,
  '1000-5000': 3000,
  '5000-10000': 7500,
  '10000+': 15000,
};

/** Onboarding's audience brackets of 1,000 followers or more (an audience worth a sponsor's look). */
const LARGE_AUDIENCES = ['1k-5k', '5k-10k', '10k-50k', '50k-100k', '100k+'];

/** How far a platform's reach falls in the stress test. */
export const REACH_DROP = 0.4;
/** Five equal streams count as fully diversified. */
const FULLY_DIVERSIFIED_STREAMS = 5;
const PLATFORM_CREDIT_CAP = 3;

export type HealthInputs = {
  answers: OnboardingAnswers | null;
  /** Pence received per source over the income window (revenue's last three complete months). */
  revenueBySource: Partial<Record<RevenueSource, number>>;
  /** Complete months that window counts (docs/scoring.md#monthly-income); three when not given. */
  revenueMonths?: number;
  /** Platforms in use by evidence: connected (or linked by handle), or with figures from a sync or a screenshot. */
  connectedPlatforms: readonly Platform[];
  /** What the books show beyond sources: who paid and in what currency, live falls, audiences. */
  books?: Omit<BooksInputs, 'shares' | 'months'>;
};

const NO_BOOKS: Omit<BooksInputs, 'shares' | 'months'> = { paidBy: [], liveFalls: [], audience: [] };

/** Whole points; the tiny nudge keeps 82.5 computed as 82.4999999 from rounding down. */
const clampScore = (value: number) => Math.min(100, Math.max(0, Math.round(value + 1e-9)));

function platformOf(source: RevenueSource, answers: OnboardingAnswers | null): Platform | null {
  const platform = sourcePlatform(source);
  if (platform === 'primary') return answers?.primaryPlatform ?? null;
  return platform;
}

function sharesOf(
  revenue: Partial<Record<RevenueSource, number>>,
  answers: OnboardingAnswers | null,
): Shares {
  const entries = (Object.entries(revenue) as [RevenueSource, number][]).filter(([, pence]) => pence > 0);
  const total = entries.reduce((sum, [, pence]) => sum + pence, 0);
  return entries
    .map(([source, pence]) => ({
      source,
      label: sourceLabel(source),
      pence,
      share: pence / total,
      platform: platformOf(source, answers),
    }))
    .sort((a, b) => b.pence - a.pence || a.source.localeCompare(b.source));
}

/**
 * With no revenue recorded: the onboarding streams, as equal shares. Ads, sponsorships and affiliate
 * links are paid through the primary platform (ads as that platform's programme, YouTube's otherwise).
 */
function sharesFromAnswers(answers: OnboardingAnswers): Shares {
  const primary = answers.primaryPlatform;
  const streams = [...new Set(answers.currentStreams)].filter((stream) => stream !== 'none_yet').sort();
  return streams.map((stream) => {
    const source =
      stream === 'ad_revenue' && primary
        ? (AD_SOURCE_BY_PLATFORM[primary] ?? 'youtube_ads')
        : STREAM_SOURCES[stream];
    const isPaidThroughPlatform = ['ad_revenue', 'sponsorships', 'affiliate_marketing'].includes(stream);
    return {
      source,
      // The creator's own words for it: "Sponsorships", not the revenue source it is scored as.
      label: CURRENT_STREAM_OPTIONS.find((option) => option.value === stream)?.label ?? sourceLabel(source),
      pence: 0,
      share: 1 / streams.length,
      platform: isPaidThroughPlatform && primary ? primary : platformOf(source, answers),
    };
  });
}

/** Each platform's algorithm-weighted share of income, largest first. */
function platformExposure(shares: Shares) {
  const exposure = new Map<Platform, number>();
  for (const { source, share, platform } of shares) {
    if (platform) exposure.set(platform, (exposure.get(platform) ?? 0) + share * ALGORITHM_WEIGHTS[source]);
  }
  return [...exposure].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function platformsUsed(inputs: HealthInputs): Platform[] {
  return [...new Set([...(inputs.answers?.platforms ?? []), ...inputs.connectedPlatforms])].sort();
}

export function computeHealth(inputs: HealthInputs): HealthResult {
  const { answers } = inputs;
  const recorded = sharesOf(inputs.revenueBySource, answers);
  const basis: HealthBasis =
    recorded.length > 0
      ? 'revenue'
      : answers && sharesFromAnswers(answers).length > 0
        ? 'onboarding'
        : 'none';
  const shares =
    basis === 'revenue' ? recorded : answers && basis === 'onboarding' ? sharesFromAnswers(answers) : [];
  const platforms = platformsUsed(inputs);
  const hasAnalytics = answers?.hasAnalytics ?? false;

  const monthlyRevenuePence =
    basis === 'revenue'
      ? Math.round(recorded.reduce((sum, entry) => sum + entry.pence, 0) / (inputs.revenueMonths || 3))
      : (MONTHLY_REVENUE_MIDPOINTS[answers?.monthlyRevenue ?? '0'] ?? 0) * 100;

  let algorithmDependency: number;
  let diversificationScore: number;
  let ownedShare: number;
  let largestPlatform: Platform | null;
  let largestExposure: number;
  let effectiveStreams: number;
  if (shares.length > 0) {
    const hhi = shares.reduce((sum, { share }) => sum + share * share, 0);
    effectiveStreams = 1 / hhi;
    diversificationScore = clampScore((100 * (1 - hhi)) / (1 - 1 / FULLY_DIVERSIFIED_STREAMS));
    algorithmDependency = clampScore(
      100 * shares.reduce((sum, { source, share }) => sum + share * ALGORITHM_WEIGHTS[source], 0),
    );
    ownedShare = shares
      .filter(({ source }) => OWNED_SOURCES.includes(source))
      .reduce((sum, { share }) => sum + share, 0);
    const [largest] = platformExposure(shares);
    largestPlatform = largest?.[0] ?? null;
    largestExposure = largest?.[1] ?? 0;
  } else {
    // No income yet: whatever comes first will come through the platforms they publish on.
    effectiveStreams = 0;
    diversificationScore = 0;
    algorithmDependency = platforms.length > 0 ? 70 : 50;
    ownedShare = 0;
    largestPlatform = answers?.primaryPlatform ?? platforms[0] ?? null;
    largestExposure = platforms.length > 0 ? 1 / platforms.length : 0;
  }

  const platformRiskScore = clampScore(100 * (0.6 * largestExposure + 0.4 * (algorithmDependency / 100)));
  const engagementResilienceScore = clampScore(
    100 *
      (0.5 * ownedShare +
        0.3 * (Math.min(platforms.length, PLATFORM_CREDIT_CAP) / PLATFORM_CREDIT_CAP) +
        0.2 * (hasAnalytics ? 1 : 0)),
  );
  const overallScore = clampScore(
    0.3 * (100 - platformRiskScore) +
      0.25 * (100 - algorithmDependency) +
      0.25 * diversificationScore +
      0.2 * engagementResilienceScore,
  );
  const incomeAtRiskPence = Math.round(REACH_DROP * largestExposure * monthlyRevenuePence);

  const books = inputs.books ?? NO_BOOKS;
  const findings = readBooks({
    ...books,
    // Who paid and in what money are read from recorded revenue only.
    paidBy: basis === 'revenue' ? books.paidBy : [],
    months: inputs.revenueMonths || 3,
    shares: basis === 'revenue' ? shares : [],
    named: {
      platforms: answers?.platforms ?? [],
      isAudienceLarge: LARGE_AUDIENCES.includes(answers?.audienceSize ?? ''),
    },
  });
  const result = {
    overallScore,
    platformRiskScore,
    diversificationScore,
    engagementResilienceScore,
    algorithmDependency,
    basis,
    effectiveStreams: Math.round(effectiveStreams * 10) / 10,
    largestPlatform,
    incomeAtRiskPence,
    monthlyRevenuePence,
    findings,
  };
  const followers = books.audience.reduce((sum, reading) => sum + reading.followers, 0);
  return {
    ...result,
    recommendations: recommend({ ...result, shares, platforms, hasAnalytics, answers, followers }),
  };
}
