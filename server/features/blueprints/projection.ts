import type { OnboardingAnswers } from '@common/onboarding';
import type { PlanBooks } from './books';
import type { PlayId } from './play';

/**
 * What the app knows of the creator's real numbers (from synced platform figures and revenue entries);
 * null where it knows nothing, and then the onboarding brackets stand in.
 */
export type CreatorFigures = {
  /** Followers and subscribers on connected platforms, latest synced reading of each, summed. */
  followers: number | null;
  /** Views on connected platforms over the last 30 days. */
  monthlyViews: number | null;
  /** The monthly income every screen states (revenue's income window: the last three complete months). */
  monthlyIncome: number | null;
  incomeMonths: number;
  /** The window's months in words ('Aug–Oct'), null with no complete month recorded. */
  incomeSpan?: string | null;
  /** Revenue sources with money in that window. */
  sources: string[];
};

export type Range = { low: number; high: number };
export type PlayProjection = { play: PlayId; min: number; max: number };

/** Bracket ends, in followers and pounds a month; the open top brackets end at 1.5× their floor. */
const AUDIENCE_RANGE: Record<NonNullable<OnboardingAnswers['audienceSize']>, Range> = {
  '0-1k': { low: 0, high: 1_000 },
  '1k-5k': { low: 1_000, high: 5_000 },
  '5k-10k': { low: 5_000, high: 10_000 },
  '10k-50k': { low: 10_000, high: 50_000 },
  '50k-100k': { low: 50_000, high: 100_000 },
  '100k+': { low: 100_000, high: 150_000 },
};
const INCOME_RANGE: Record<NonNullable<OnboardingAnswers['monthlyRevenue']>, Range> = {
  '0': { low: 0, high: 0 },
  '1-500': { low: 1, high: 500 },
  '500-1000': { low: 500, high: 1_000 },
  '1000-5000': { low: 1_000, high: 5_000 },
  '5000-10000': { low: 5_000, high: 10_000 },
  '10000+': { low: 10_000, high: 15_000 },
};

/**
 * Published rates (docs/scoring.md "Projected revenue" gives each one's source). Low ends are the
 * cautious figures, high ends the typical ones.
 */
export const RATES = {
  /** Share of followers who join a list from a bio link in a month (bottom quartile to average opt-in). */
  emailSignUp: { low: 0.008, high: 0.0195 },
  /** Share of new subscribers who buy within 30 days (none before the welcome emails have run). */
  emailFirstSale: { low: 0, high: 0.05 },
  /** A post reaches about a tenth of followers; 2–5% of that engaged audience buys a first launch. */
  engagedShare: 0.1,
  firstLaunch: { low: 0.02, high: 0.05 },
  productPrice: { low: 9, high: 29 },
  coursePrice: 99,
  /** Pounds per 1,000 views of a sponsored integration. */
  sponsorshipPerThousandViews: 20,
  /** Posts a month, to turn monthly views into views per post. */
  postsPerMonth: 8,
  /** Views per post as a share of followers, when no views are synced. */
  viewsPerFollower: 0.1,
} as const;

export type Audience = Range & { from: 'synced' | 'answer' | 'unknown' };
export type Income = Range & { from: 'revenue' | 'answer' | 'unknown' };

export function audienceOf(answers: OnboardingAnswers | null, figures: CreatorFigures | null): Audience {
  if (figures?.followers) return { low: figures.followers, high: figures.followers, from: 'synced' };
  if (answers?.audienceSize) return { ...AUDIENCE_RANGE[answers.audienceSize], from: 'answer' };
  return { low: 0, high: 1_000, from: 'unknown' };
}

export function incomeOf(answers: OnboardingAnswers | null, figures: CreatorFigures | null): Income {
  if (figures?.monthlyIncome !== null && figures?.monthlyIncome !== undefined && figures.incomeMonths > 0) {
    return { low: figures.monthlyIncome, high: figures.monthlyIncome, from: 'revenue' };
  }
  if (answers?.monthlyRevenue) return { ...INCOME_RANGE[answers.monthlyRevenue], from: 'answer' };
  return { low: 0, high: 0, from: 'unknown' };
}

function viewsPerPost(audience: Audience, figures: CreatorFigures | null): Range {
  if (figures?.monthlyViews) {
    const perPost = figures.monthlyViews / RATES.postsPerMonth;
    return { low: perPost, high: perPost };
  }
  return { low: audience.low * RATES.viewsPerFollower, high: audience.high * RATES.viewsPerFollower };
}

/** New income in the first 30 days, per play, before the plan's cap. */
export function projectPlay(
  play: PlayId,
  audience: Audience,
  figures: CreatorFigures | null,
  books: PlanBooks | null = null,
): Range {
  const engaged = { low: audience.low * RATES.engagedShare, high: audience.high * RATES.engagedShare };
  switch (play) {
    case 'email_list': {
      // The month's ramp: only the followers a post reaches see the sign-up link, and none buys
      // before the welcome emails have run.
      const subscribers = engaged.high * RATES.emailSignUp.high;
      return { low: 0, high: subscribers * RATES.emailFirstSale.high * RATES.productPrice.high };
    }
    case 'digital_product':
      return {
        low: engaged.low * RATES.firstLaunch.low * RATES.productPrice.low,
        high: engaged.high * RATES.firstLaunch.high * RATES.productPrice.high,
      };
    case 'online_course':
      // It takes about 45 days to pay: only early pre-sales fall inside the month.
      return { low: 0, high: engaged.high * RATES.firstLaunch.low * RATES.coursePrice };
    case 'coaching':
      return { low: audience.low >= 1_000 ? 150 : 0, high: audience.high >= 1_000 ? 4 * 300 : 300 };
    case 'sponsorship_outreach': {
      // No deal is certain within a month of the first pitch; two are a good month.
      const views = viewsPerPost(audience, figures);
      return { low: 0, high: (2 * views.high * RATES.sponsorshipPerThousandViews) / 1_000 };
    }
    case 'affiliate_programmes':
      return { low: audience.low * 0.005 * 0.01 * 5, high: audience.high * 0.02 * 0.03 * 10 };
    case 'membership':
      return { low: audience.low * 0.0005 * 5, high: audience.high * 0.002 * 10 };
    case 'merchandise':
      return { low: 0, high: audience.high * 0.001 * 10 };
    case 'speaking':
      return { low: 0, high: 750 };
    case 'cross_platform':
      return { low: 0, high: 0 };
    case 'second_payer': {
      // One direct deal, if it lands within the month: no deal is certain.
      const views = viewsPerPost(audience, figures);
      return { low: 0, high: (views.high * RATES.sponsorshipPerThousandViews) / 1_000 };
    }
    case 'untapped_audience':
      // One sponsored post on each platform that pays nothing, at a tenth of its followers' views.
      return { low: 0, high: (books?.untapped ?? []).reduce((sum, each) => sum + each.worth, 0) };
  }
}

const floorTo10 = (pounds: number) => Math.floor(pounds / 10) * 10;
const ceilTo50 = (pounds: number) => Math.ceil(pounds / 50) * 50;

/**
 * What the creator earns in a month now, as a ceiling for a first launch: the monthly income, or the top
 * of their answered bracket; none when they earn nothing or it is unknown.
 */
function firstLaunchCeiling(income: Income): number | null {
  const now = income.from === 'revenue' ? income.low : income.from === 'answer' ? income.high : 0;
  return now > 0 ? Math.floor(now / 50) * 50 : null;
}

/**
 * The plan's 30-day range: the plays' ranges summed. Every play starts a stream the creator does not
 * have, so the low end is never more than what they earn in a month now (nothing, when that is unknown),
 * and neither is the high end: a first launch that out-earned everything they have built so far is not a
 * figure anyone plans on (docs/scoring.md#projected-revenue).
 */
export function projectPlan(
  plays: readonly PlayId[],
  answers: OnboardingAnswers | null,
  figures: CreatorFigures | null,
  books: PlanBooks | null = null,
): {
  min: number;
  max: number;
  perPlay: PlayProjection[];
  audience: Audience;
  income: Income;
  /** What the creator earns in a month now, when known and more than nothing: both ends stay under it. */
  ceiling: number | null;
} {
  const audience = audienceOf(answers, figures);
  const income = incomeOf(answers, figures);
  const perPlay = plays.map((play) => {
    const range = projectPlay(play, audience, figures, books);
    return { play, min: floorTo10(range.low), max: ceilTo50(range.high) };
  });
  const low = perPlay.reduce((sum, play) => sum + play.min, 0);
  const high = perPlay.reduce((sum, play) => sum + play.max, 0);
  const min = floorTo10(Math.min(low, income.low));
  const ceiling = firstLaunchCeiling(income);
  const max = ceiling === null ? high : Math.min(high, ceiling);
  return { min, max: Math.max(min, max), perPlay, audience, income, ceiling };
}

/** Each play's arithmetic as the screen states it, rates as docs/scoring.md cites them. */
export const PLAY_ARITHMETIC: Record<PlayId, string> = {
  email_list: 'followers × 10% reached × 1.95% sign up × 5% buy × £29 (£0 until the welcome emails run)',
  digital_product: 'followers × 10% reached × 2–5% buy at launch × £9–£29',
  online_course: 'followers × 10% reached × 2% pre-order × £99',
  coaching: 'up to four clients × £300',
  sponsorship_outreach: 'two integrations × views per post × £20 per 1,000 views',
  affiliate_programmes: 'followers × 0.5–2% click × 1–3% buy × £5–£10',
  membership: 'followers × 0.05–0.2% join × £5–£10',
  merchandise: 'followers × 0.1% buy × £10 margin',
  speaking: 'one paid talk, up to £750',
  cross_platform: 'reach, not income, in the first month',
  second_payer:
    '£0 if no deal lands in the month, up to one integration × views per post × £20 per 1,000 views',
  untapped_audience:
    '£0 if no brand says yes, up to one sponsored post on each × a tenth of its followers × £20 per 1,000 views',
};
