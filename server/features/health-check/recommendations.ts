import type { Platform } from '@common/creator-platforms';
import { type HealthRecommendation, platformInSentence } from '@common/health-check';
import type { OnboardingAnswers } from '@common/onboarding';
import { type Findings, THRESHOLDS } from './findings';
import { booksAdvice, penceShare, pounds, unmeasuredAdvice } from './findings-advice';
import type { HealthResult, Shares } from './health-result';
import { OWNED_IN_WORDS, OWNED_SOURCES } from './source-weights';

/**
 * The health check's advice, worded from the scores `engine.ts` computed and what the books show
 * (`findings.ts`). Pure like the engine. Every piece of advice with money behind it says how much, and
 * the list runs from the most pounds at stake down; advice with no money behind it follows, high to low.
 */

const percent = (share: number) => `${Math.round(share * 100)}%`;

const PRIORITY_ORDER = { high: 0, medium: 1, low: 2 } as const;
/** The share of income a top stream may hold before the advice is to spread it. */
const TOP_STREAM_SHARE = 0.4;

type Advice = HealthRecommendation & { pence?: number };

export type RecommendInputs = Omit<HealthResult, 'recommendations' | 'findings'> & {
  shares: Shares;
  platforms: Platform[];
  hasAnalytics: boolean;
  answers: OnboardingAnswers | null;
  findings: Findings;
  /** Followers across the platforms as last read, for what a first product is worth. */
  followers: number;
};

/** "Digital Products at £600 a month and Memberships at £700 a month": the owned streams running now. */
function ownedNow(result: RecommendInputs): string | null {
  const owned = result.shares.filter(({ source }) => OWNED_SOURCES.includes(source));
  if (owned.length === 0) return null;
  const each = owned.map(({ label, share }) =>
    result.monthlyRevenuePence > 0
      ? `${label} at ${pounds(share * result.monthlyRevenuePence)} a month`
      : label,
  );
  return each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} and ${each.at(-1)}`;
}

function dependencyAdvice(result: RecommendInputs): Advice | null {
  const top = result.shares[0];
  const platform = result.largestPlatform ? platformInSentence(result.largestPlatform) : null;
  if (result.algorithmDependency < 60 || !top || !platform) return null;
  const fallingNow = result.findings.liveFalls.some((fall) => fall.platform === result.largestPlatform);
  const atRisk = fallingNow
    ? ` ${platform}'s reach is already falling: the next change would land on top of it.`
    : result.incomeAtRiskPence > 0
      ? ` A 40% drop in ${platform} reach would cost about ${pounds(result.incomeAtRiskPence)} a month.`
      : '';
  const owned = ownedNow(result);
  const move = owned
    ? `You already sell to people you reach directly, through ${owned}: send more of that audience there, with a link in every description and a reason to join, rather than starting something new.`
    : 'Move part of that audience to something you own: an email list or a product.';
  return {
    priority: result.algorithmDependency >= 80 ? 'high' : 'medium',
    title: `Reduce your dependence on ${platform}`,
    description: `${result.algorithmDependency}% of your income depends on platform algorithms, and ${top.label} is ${percent(top.share)} of it.${atRisk} ${move}`,
    ...(result.incomeAtRiskPence > 0 ? { pence: result.incomeAtRiskPence } : {}),
  };
}

/** Pence a month a first product would bring at a cautious launch: a tenth see it, 2% buy, at £9. */
const FIRST_PRODUCT_PENCE_PER_FOLLOWER = 0.1 * 0.02 * 900;

function scoreAdvice(result: RecommendInputs): Advice[] {
  const list: Advice[] = [];
  const top = result.shares[0];
  const ownedShare = result.shares
    .filter(({ source }) => OWNED_SOURCES.includes(source))
    .reduce((sum, { share }) => sum + share, 0);
  if (ownedShare === 0) {
    const worth = Math.round(result.followers * FIRST_PRODUCT_PENCE_PER_FOLLOWER);
    list.push({
      priority: result.algorithmDependency >= 80 ? 'high' : 'medium',
      title: 'Launch an income stream you own',
      description: `None of your income comes from ${OWNED_IN_WORDS}, where you keep the customer whatever the algorithm does. A small digital product for your audience is the quickest start${worth > 0 ? `: at a cautious first launch (a tenth of your ${result.followers.toLocaleString('en-GB')} followers see it, 2% of them buy at £9) about ${pounds(worth)}` : ''}.`,
      ...(worth > 0 ? { pence: worth } : {}),
    });
  }
  if (result.shares.length > 0 && result.diversificationScore < 60 && top) {
    const excess = Math.round(Math.max(0, top.share - TOP_STREAM_SHARE) * result.monthlyRevenuePence);
    list.push({
      priority: result.diversificationScore < 30 ? 'high' : 'medium',
      title: 'Spread your income across more streams',
      description: `Your income behaves like ${result.effectiveStreams.toFixed(1)} equal streams; ${top.label} alone is ${percent(top.share)}${excess > 0 ? `, ${pounds(excess)} a month above the 40% no stream should pass` : ''}. Aim for no stream above 40%.`,
      ...(excess > 0 ? { pence: excess } : {}),
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
  return list;
}

/** Specific advice, most pounds at stake first: each names the source, payer, platform or figure behind it. */
export function recommend(result: RecommendInputs): HealthRecommendation[] {
  const list: Advice[] = [];
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
  list.push(...booksAdvice(result.findings, result.monthlyRevenuePence));
  const dependency = dependencyAdvice(result);
  if (dependency) list.push(dependency);
  list.push(...scoreAdvice(result));
  if (list.length === 0) {
    const owned = penceShare(result.shares, OWNED_SOURCES);
    list.push({
      priority: 'low',
      title: 'Keep your mix, and re-check monthly',
      description: `Your income is spread over ${result.effectiveStreams.toFixed(1)} effective streams and ${percent(owned)} of it is yours to keep${result.findings.payers.largest ? `; no payer is above ${percent(THRESHOLDS.largestPayerShare)} of it` : ''}. Re-run this check after each month's payouts to catch drift early.`,
    });
  }
  // A platform yet to be measured is a note beside the mix, not a reason to stop keeping it.
  const unmeasured = unmeasuredAdvice(result.findings);
  if (unmeasured) list.push(unmeasured);
  return list
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        (b.item.pence ?? -1) - (a.item.pence ?? -1) ||
        PRIORITY_ORDER[a.item.priority] - PRIORITY_ORDER[b.item.priority] ||
        a.index - b.index,
    )
    .map(({ item: { pence, ...item } }) =>
      pence === undefined ? item : { ...item, atStake: (pence / 100).toFixed(2) },
    );
}
