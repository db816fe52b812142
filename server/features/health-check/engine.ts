import type { Platform } from '@common/creator-platforms';
import { type HealthBasis, type HealthRecommendation, platformInSentence } from '@common/health-check';
import { CURRENT_STREAM_OPTIONS, type OnboardingAnswers } from '@common/onboarding';
import { type RevenueSource, sourceLabel, sourcePlatform } from '@common/revenue';
import type { CurrentStream } from '@common/revenue-sources';
import { ALGORITHM_WEIGHTS, OWNED_IN_WORDS, OWNED_SOURCES } from './source-weights';

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

/** How far a platform's reach falls in the stress test. */
export const REACH_DROP = 0.4;
/** Five equal streams count as fully diversified. */
const FULLY_DIVERSIFIED_STREAMS = 5;
const PLATFORM_CREDIT_CAP = 3;

export type HealthInputs = {
  answers: OnboardingAnswers | null;
  /** Pence received per source over the last 90 days. */
  revenueBySource: Partial<Record<RevenueSource, number>>;
  /** Platforms in use by evidence: connected (or linked by handle), or with figures from a sync or a screenshot. */
  connectedPlatforms: readonly Platform[];
};

export type HealthResult = {
  overallScore: number;
  platformRiskScore: number;
  diversificationScore: number;
  engagementResilienceScore: number;
  algorithmDependency: number;
  recommendations: HealthRecommendation[];
  basis: HealthBasis;
  /** 1 / HHI: how many equal streams the income behaves like (0 with no income). */
  effectiveStreams: number;
  largestPlatform: Platform | null;
  /** Pence a month lost if the largest platform's reach fell 40%. */
  incomeAtRiskPence: number;
  /** Pence a month the check worked from (recorded revenue, or the onboarding bracket). */
  monthlyRevenuePence: number;
};

/** Each income stream's share; `label` is how the creator named it (a source, or an onboarding answer). */
type Shares = {
  source: RevenueSource;
  label: string;
  share: number;
  pence: number;
  platform: Platform | null;
}[];

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
      ? Math.round(recorded.reduce((sum, entry) => sum + entry.pence, 0) / 3)
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
  };
  return { ...result, recommendations: recommend({ ...result, shares, platforms, hasAnalytics, answers }) };
}

const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

/** Specific advice, most urgent first: each names the source, platform or figure behind it. */
function recommend(
  result: Omit<HealthResult, 'recommendations'> & {
    shares: Shares;
    platforms: Platform[];
    hasAnalytics: boolean;
    answers: OnboardingAnswers | null;
  },
): HealthRecommendation[] {
  const list: HealthRecommendation[] = [];
  const top = result.shares[0];
  const platform = result.largestPlatform ? platformInSentence(result.largestPlatform) : null;

  if (result.basis !== 'revenue') {
    list.push({
      priority: 'medium',
      title: 'Record your revenue',
      description:
        result.basis === 'onboarding'
          ? 'No revenue is recorded for the last 90 days, so this check used the income streams from your onboarding answers. Add your payouts on the revenue tracker for scores from your real numbers.'
          : 'No revenue is recorded for the last 90 days and no income streams were given at onboarding, so these scores are estimates. Add your payouts on the revenue tracker for scores from your real numbers.',
    });
  }
  if (result.algorithmDependency >= 60 && top && platform) {
    const atRisk =
      result.incomeAtRiskPence > 0
        ? ` A 40% drop in ${platform} reach would cost about ${pounds(result.incomeAtRiskPence)} a month.`
        : '';
    list.push({
      priority: result.algorithmDependency >= 80 ? 'high' : 'medium',
      title: `Reduce your dependence on ${platform}`,
      description: `${result.algorithmDependency}% of your income depends on platform algorithms, and ${top.label} is ${percent(top.share)} of it.${atRisk} Move part of that audience to something you own: an email list or a product.`,
    });
  }
  const ownedShare = result.shares
    .filter(({ source }) => OWNED_SOURCES.includes(source))
    .reduce((sum, { share }) => sum + share, 0);
  if (ownedShare === 0) {
    list.push({
      priority: result.algorithmDependency >= 80 ? 'high' : 'medium',
      title: 'Launch an income stream you own',
      description: `None of your income comes from ${OWNED_IN_WORDS}, where you keep the customer whatever the algorithm does. A small digital product for your audience is the quickest start.`,
    });
  }
  if (result.shares.length > 0 && result.diversificationScore < 60 && top) {
    list.push({
      priority: result.diversificationScore < 30 ? 'high' : 'medium',
      title: 'Spread your income across more streams',
      description: `Your income behaves like ${result.effectiveStreams.toFixed(1)} equal streams; ${top.label} alone is ${percent(top.share)}. Aim for no stream above 40%.`,
    });
  }
  if (result.platforms.length <= 1) {
    const where = result.platforms[0] ? platformInSentence(result.platforms[0]) : 'one platform';
    list.push({
      priority: 'medium',
      title: 'Publish on a second platform',
      description: `All your audience is on ${where}. Repurpose your best pieces for a second platform so one ranking change cannot reach all of your viewers at once.`,
    });
  }
  if (!result.hasAnalytics) {
    list.push({
      priority: 'low',
      title: 'Check your analytics every week',
      description:
        'You told us you do not track your analytics. A weekly look at views and revenue by source is how a drop is caught in days rather than at the month-end payout.',
    });
  }
  if (list.length === 0) {
    list.push({
      priority: 'low',
      title: 'Keep your mix, and re-check monthly',
      description: `Your income is spread over ${result.effectiveStreams.toFixed(1)} effective streams and ${percent(ownedShare)} of it is yours to keep. Re-run this check after each month's payouts to catch drift early.`,
    });
  }
  return list
    .map((item, index) => ({ item, index }))
    .sort((a, b) => PRIORITY_ORDER[a.item.priority] - PRIORITY_ORDER[b.item.priority] || a.index - b.index)
    .map(({ item }) => item);
}
