import type { HealthRecommendation } from '@common/health-check';
import type { RevenueSource } from '@common/revenue';
import { type Findings, THRESHOLDS } from './findings';
import type { Shares } from './health-result';

/**
 * The advice what the books show calls for (`findings.ts`), each in the creator's own figures and with
 * the pence a month it protects or is worth, for `recommendations.ts` to rank with the rest.
 */

export const pounds = (pence: number) => `£${Math.round(pence / 100).toLocaleString('en-GB')}`;
const whole = (share: number) => `${Math.round(share * 100)}%`;
/** Currency shares keep a decimal: "47.6% of your income". */
const oneDecimal = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;

export const penceShare = (shares: Shares, sources: readonly RevenueSource[]) =>
  shares.filter(({ source }) => sources.includes(source)).reduce((sum, { share }) => sum + share, 0);

const PLATFORM_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};
const platformName = (platform: string) => PLATFORM_NAMES[platform] ?? platform;

const CURRENCY_WORDS: Record<string, string> = {
  USD: 'US dollars',
  EUR: 'euros',
  CAD: 'Canadian dollars',
  AUD: 'Australian dollars',
  JPY: 'yen',
  CHF: 'Swiss francs',
  SEK: 'Swedish kronor',
};
const currencyWords = (code: string) => CURRENCY_WORDS[code] ?? code;

const SPONSOR_SOURCES: readonly RevenueSource[] = [
  'youtube_sponsors',
  'instagram_sponsors',
  'tiktok_sponsors',
  'podcast_sponsors',
  'newsletter_sponsors',
  'brand_deals',
];

const listed = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

type Advice = HealthRecommendation & { pence?: number };

/** High when it is a fifth of a month's money or more, medium from a twentieth, else low. */
function priorityOf(pence: number, monthlyPence: number): HealthRecommendation['priority'] {
  if (monthlyPence <= 0) return 'medium';
  if (pence >= 0.2 * monthlyPence) return 'high';
  return pence >= 0.05 * monthlyPence ? 'medium' : 'low';
}

function liveFallAdvice(findings: Findings, monthlyPence: number): Advice[] {
  return findings.liveFalls.map((fall) => {
    const name = platformName(fall.platform);
    const cost =
      fall.pencePerMonth !== null && fall.pencePerMonth > 0
        ? ` At this rate it costs you about ${pounds(fall.pencePerMonth)} a month.`
        : '';
    return {
      priority: fall.pencePerMonth ? priorityOf(fall.pencePerMonth, monthlyPence) : 'high',
      title: `Act on the fall on ${name} now`,
      description: `${fall.title.replace(/\.$/, '')}: this is under way, not a forecast.${cost}${fall.advice ? ` ${fall.advice}` : ''}`,
      ...(fall.pencePerMonth ? { pence: fall.pencePerMonth } : {}),
    };
  });
}

function payerAdvice({ payers }: Findings, monthlyPence: number): Advice | null {
  const payer = payers.largest;
  if (!payer || payer.share < THRESHOLDS.largestPayerShare) return null;
  const isSponsor = payer.sources.every((source) => SPONSOR_SOURCES.includes(source));
  const half = pounds(payer.pencePerMonth / 2);
  return {
    priority: priorityOf(payer.pencePerMonth, monthlyPence),
    title: isSponsor ? `Find sponsors beside ${payer.name}` : `Find a second client beside ${payer.name}`,
    description: isSponsor
      ? `Sponsorships through ${payer.name} are ${pounds(payer.pencePerMonth)} a month, ${whole(payer.share)} of your income: one payer above a quarter of it is a single contract away from a hole. A second agency or direct deals for half that work would cap a lost contract at ${half} a month.`
      : `${payer.name} pays you ${pounds(payer.pencePerMonth)} a month, ${whole(payer.share)} of your income: one payer above a quarter of it is a single contract away from a hole. A second client for half that work would cap losing one at ${half} a month.`,
    pence: payer.pencePerMonth,
  };
}

function currencyAdvice({ currency }: Findings, monthlyPence: number): Advice | null {
  if (currency.foreignShare < THRESHOLDS.foreignShare || currency.tenPercentMovePence <= 0) return null;
  const money = listed(currency.currencies.map(currencyWords));
  return {
    priority: priorityOf(currency.tenPercentMovePence, monthlyPence),
    title: `Protect the ${oneDecimal(currency.foreignShare)} of your income paid in ${money}`,
    description: `${oneDecimal(currency.foreignShare)} of your income, ${pounds(currency.foreignPencePerMonth)} a month, arrives in ${money}: if the pound rose 10%, the same payments would bring about ${pounds(currency.tenPercentMovePence)} a month less. Ask for new deals in pounds where you can, and convert on a set day each month rather than all at once, so one bad rate never takes a month's pay.`,
    pence: currency.tenPercentMovePence,
  };
}

function untappedAdvice({ untapped }: Findings, monthlyPence: number): Advice | null {
  if (untapped.length === 0) return null;
  const followers = untapped.reduce((sum, each) => sum + each.followers, 0);
  const worth = untapped.reduce((sum, each) => sum + each.worthPencePerMonth, 0);
  const where = listed(untapped.map(({ platform }) => platformName(platform)));
  const each = untapped.map(
    ({ platform, followers }) => `${followers.toLocaleString('en-GB')} on ${platformName(platform)}`,
  );
  const whose =
    untapped.length > 1
      ? `Your followers there (${listed(each)})`
      : `Your ${followers.toLocaleString('en-GB')} followers on ${where}`;
  return {
    priority: priorityOf(worth, monthlyPence),
    title: `Earn from your ${followers.toLocaleString('en-GB')} followers on ${where}`,
    description: `${whose} earn you nothing today. One sponsored post a month ${untapped.length > 1 ? 'on each' : 'there'}, at a cautious £20 per 1,000 views of a usual post (a tenth of your followers), would be about ${pounds(worth)} a month.`,
    pence: worth,
  };
}

/** A platform named at onboarding that pays nothing: its audience is worth measuring before pitching. */
export function unmeasuredAdvice({ unmeasured }: Findings): Advice | null {
  if (unmeasured.length === 0) return null;
  const where = listed(unmeasured.map(platformName));
  return {
    priority: 'low',
    title: `Measure your audience on ${where}`,
    description: `You publish on ${where}, and nothing you earn comes from ${unmeasured.length > 1 ? 'them' : 'it'}. Connect ${unmeasured.length > 1 ? 'them' : 'it'} or upload a screenshot of ${unmeasured.length > 1 ? 'their' : 'its'} followers, and the next check will say what one sponsored post a month there is worth.`,
  };
}

export function booksAdvice(findings: Findings, monthlyPence: number): Advice[] {
  return [
    ...liveFallAdvice(findings, monthlyPence),
    payerAdvice(findings, monthlyPence),
    currencyAdvice(findings, monthlyPence),
    untappedAdvice(findings, monthlyPence),
  ].filter((advice): advice is Advice => advice !== null);
}
