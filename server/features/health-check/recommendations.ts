import type { Platform } from '@common/creator-platforms';
import { type HealthRecommendation, platformInSentence } from '@common/health-check';
import type { OnboardingAnswers } from '@common/onboarding';
import type { HealthResult, Shares } from './health-result';
import { OWNED_IN_WORDS, OWNED_SOURCES } from './source-weights';

/**
 * The health check's advice, worded from the scores `engine.ts` computed. Pure like the engine: the
 * same scores give the same advice, in the same order.
 */

const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;

/** Specific advice, most urgent first: each names the source, platform or figure behind it. */
export function recommend(
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
  // Cited only when the answer was given: a creator who skipped onboarding told us nothing.
  if (result.answers && !result.answers.hasAnalytics) {
    list.push({
      priority: 'low',
      title: 'Check your analytics every week',
      description:
        'Your answers leave "I can open my analytics" unticked. A weekly look at views and revenue by source is how a drop is caught in days rather than at the month-end payout.',
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
