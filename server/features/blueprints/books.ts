import type { HealthFindings } from '@common/health-check';
import { BOOKS_THRESHOLDS } from '../health-check/public';

/**
 * What the creator's books show (the latest health check's findings), as the planner plans from
 * them: only the findings past their thresholds, in pounds, with the platforms named for a sentence.
 */
export type PlanBooks = {
  /** One payer above a quarter of income. */
  payer: { name: string; monthly: number; share: number } | null;
  /** Platforms with an audience and no income, largest first, with one sponsored post a month's worth. */
  untapped: { platform: string; name: string; followers: number; worth: number }[];
  /** The fall under way on the creator's platforms, as its alert titles it. */
  liveFall: { platform: string; title: string } | null;
  /** A fifth of income or more in other currencies. */
  currency: { share: number; money: string; move: number } | null;
};

const PLATFORM_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
};
const CURRENCY_WORDS: Record<string, string> = { USD: 'US dollars', EUR: 'euros' };

export const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function planBooks(findings: HealthFindings | null | undefined): PlanBooks | null {
  if (!findings) return null;
  const { payers, currency } = findings;
  const payer =
    payers.largest && payers.largest.share >= BOOKS_THRESHOLDS.largestPayerShare
      ? { name: payers.largest.name, monthly: Number(payers.largest.monthly), share: payers.largest.share }
      : null;
  const [fall] = findings.liveFalls;
  return {
    payer,
    untapped: findings.untapped.map((each) => ({
      platform: each.platform,
      name: PLATFORM_NAMES[each.platform] ?? each.platform,
      followers: each.followers,
      worth: Number(each.worth),
    })),
    liveFall: fall ? { platform: fall.platform, title: fall.title } : null,
    currency:
      currency.foreignShare >= BOOKS_THRESHOLDS.foreignShare
        ? {
            share: currency.foreignShare,
            money: listed(currency.currencies.map((code) => CURRENCY_WORDS[code] ?? code)),
            move: Number(currency.tenPercentMove),
          }
        : null,
  };
}

/** "47.6%": currency shares keep a decimal, as the health check says them. */
export const oneDecimal = (share: number) => `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
