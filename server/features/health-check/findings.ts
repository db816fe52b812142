import type { Platform } from '@common/creator-platforms';
import type { HealthFindings } from '@common/health-check';
import type { RevenueSource } from '@common/revenue';
import type { PaidBy } from '../revenue/public';

/**
 * What a person reading the creator's books sees first, beside the scores: who pays (concentration by
 * payer), in what money (exposure by currency), what is falling now, and which audience earns nothing.
 * Pure like the engine; the formulas and thresholds are in docs/scoring.md ("What the books show").
 */

/** A fall the alerts see now. */
export type LiveFallInput = {
  platform: string;
  title: string;
  advice: string | null;
  atStakePence: number | null;
  fallPercent: number | null;
  since: string;
};

export type BooksInputs = {
  paidBy: readonly PaidBy[];
  /** Complete months the window counts: pence over the window ÷ months is a month's money. */
  months: number;
  /** The window's income streams, by the platform each is paid through (null: none). */
  shares: readonly { platform: Platform | null }[];
  liveFalls: readonly LiveFallInput[];
  /** Each platform's followers as last read (sync, screenshot). */
  audience: readonly { platform: string; followers: number }[];
  /** Platforms the creator named at onboarding, and whether their audience is past the threshold. */
  named?: { platforms: readonly string[]; isAudienceLarge: boolean };
};

export type Payer = { name: string; pencePerMonth: number; share: number; sources: RevenueSource[] };

export type Findings = {
  payers: { largest: Payer | null; hhi: number; namedShare: number };
  currency: {
    foreignShare: number;
    foreignPencePerMonth: number;
    tenPercentMovePence: number;
    /** Currencies other than pounds, most money first. */
    currencies: string[];
  };
  liveFalls: (LiveFallInput & { pencePerMonth: number | null })[];
  untapped: { platform: Platform; followers: number; worthPencePerMonth: number }[];
  /** Platforms named at onboarding that pay nothing and whose audience no figure has read yet. */
  unmeasured: Platform[];
};

/** Thresholds at which a measure becomes a recommendation (docs/scoring.md gives the reasons). */
export const THRESHOLDS = {
  /** One payer above a quarter of income: the freelancer's classic single-client risk. */
  largestPayerShare: 0.25,
  /** A fifth of income in other currencies: a 10% move is then 2% of a month's money. */
  foreignShare: 0.2,
  /** An audience this large on a platform that pays nothing is worth a sponsor's look. */
  untappedFollowers: 1_000,
} as const;

/** How far the pound moves in the currency stress test. */
export const CURRENCY_MOVE = 0.1;
/** A post reaches about a tenth of followers; a sponsored post is priced at £20 per 1,000 views. */
const VIEWS_PER_FOLLOWER = 0.1;
const SPONSOR_PENCE_PER_VIEW = 2;

/**
 * Money a platform pays for its own programme: its payer, when the entry names none. Any other money
 * whose payer is not named (a product's buyers, a membership's members, a deal typed without "From")
 * counts as spread: concentration is then a lower bound, and never names a payer nobody named.
 */
const PLATFORM_PAYERS: Partial<Record<RevenueSource, string>> = {
  youtube_ads: 'YouTube',
  youtube_memberships: 'YouTube',
  youtube_super_chat: 'YouTube',
  tiktok_creator_rewards: 'TikTok',
  tiktok_live_gifts: 'TikTok',
};
/** Sources paid by the view, whose money falls with a platform's reach. */
const PAID_BY_THE_VIEW: Partial<Record<string, readonly RevenueSource[]>> = {
  youtube: ['youtube_ads'],
  tiktok: ['tiktok_creator_rewards'],
};
const AUDIENCE_PLATFORMS: readonly Platform[] = ['youtube', 'instagram', 'tiktok'];

const payerKey = (name: string) => name.trim().toLowerCase();

function concentration(paidBy: readonly PaidBy[], total: number, months: number): Findings['payers'] {
  const byPayer = new Map<string, Payer & { pence: number; isPlatform: boolean }>();
  let named = 0;
  for (const row of paidBy) {
    const name = row.payer ?? PLATFORM_PAYERS[row.source] ?? null;
    if (name === null || row.pence <= 0) continue;
    named += row.pence;
    const key = payerKey(name);
    const payer = byPayer.get(key) ?? {
      name,
      pence: 0,
      pencePerMonth: 0,
      share: 0,
      sources: [],
      isPlatform: row.payer === null,
    };
    payer.pence += row.pence;
    if (!payer.sources.includes(row.source)) payer.sources.push(row.source);
    byPayer.set(key, payer);
  }
  const payers = [...byPayer.values()].map((payer) => ({
    ...payer,
    share: total > 0 ? payer.pence / total : 0,
    pencePerMonth: Math.round(payer.pence / Math.max(1, months)),
  }));
  const hhi = payers.reduce((sum, payer) => sum + payer.share * payer.share, 0);
  // A platform's own programme is its dependency (the scores); the payer measure is about clients.
  const [largest] = payers
    .filter((payer) => !payer.isPlatform)
    .sort((a, b) => b.pence - a.pence || a.name.localeCompare(b.name));
  return {
    largest: largest
      ? {
          name: largest.name,
          pencePerMonth: largest.pencePerMonth,
          share: largest.share,
          sources: largest.sources,
        }
      : null,
    hhi,
    namedShare: total > 0 ? named / total : 0,
  };
}

function currencyExposure(paidBy: readonly PaidBy[], total: number, months: number): Findings['currency'] {
  const byCurrency = new Map<string, number>();
  for (const row of paidBy) {
    if (row.currency !== 'GBP') byCurrency.set(row.currency, (byCurrency.get(row.currency) ?? 0) + row.pence);
  }
  const foreign = [...byCurrency.values()].reduce((sum, pence) => sum + pence, 0);
  const foreignPencePerMonth = Math.round(foreign / Math.max(1, months));
  return {
    foreignShare: total > 0 ? foreign / total : 0,
    foreignPencePerMonth,
    // Money paid in dollars buys 1/(1+10%) of the pounds it did when the pound rises 10%.
    tenPercentMovePence: Math.round(foreignPencePerMonth * (1 - 1 / (1 + CURRENCY_MOVE))),
    currencies: [...byCurrency].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([code]) => code),
  };
}

/** A live fall's cost a month: the alert's own figure, else its share of what the platform pays by the view. */
function liveFallCost(fall: LiveFallInput, paidBy: readonly PaidBy[], months: number): number | null {
  if (fall.atStakePence !== null) return fall.atStakePence;
  const sources = PAID_BY_THE_VIEW[fall.platform];
  if (!sources || fall.fallPercent === null) return null;
  const pence = paidBy.filter((row) => sources.includes(row.source)).reduce((sum, row) => sum + row.pence, 0);
  return pence > 0 ? Math.round(((pence / Math.max(1, months)) * fall.fallPercent) / 100) : null;
}

/** Followers on a platform that pays the creator nothing, with what one sponsored post a month is worth. */
function untappedAudience(inputs: BooksInputs): Findings['untapped'] {
  const paying = new Set(inputs.shares.map((share) => share.platform).filter(Boolean));
  return inputs.audience
    .filter(
      (reading): reading is { platform: Platform; followers: number } =>
        AUDIENCE_PLATFORMS.includes(reading.platform as Platform) &&
        !paying.has(reading.platform as Platform) &&
        reading.followers >= THRESHOLDS.untappedFollowers,
    )
    .map(({ platform, followers }) => ({
      platform,
      followers,
      worthPencePerMonth: Math.round(followers * VIEWS_PER_FOLLOWER * SPONSOR_PENCE_PER_VIEW),
    }))
    .sort((a, b) => b.followers - a.followers || a.platform.localeCompare(b.platform));
}

/**
 * Platforms the onboarding answers name, with an audience past the threshold by their bracket, that pay
 * nothing and have no figure read: their followers cannot be named until a connection or a screenshot
 * reads them.
 */
function unmeasuredAudience(inputs: BooksInputs): Platform[] {
  if (!inputs.named?.isAudienceLarge) return [];
  const paying = new Set(inputs.shares.map((share) => share.platform).filter(Boolean));
  const read = new Set(inputs.audience.map((reading) => reading.platform));
  return AUDIENCE_PLATFORMS.filter(
    (platform) => inputs.named!.platforms.includes(platform) && !paying.has(platform) && !read.has(platform),
  );
}

export function readBooks(inputs: BooksInputs): Findings {
  const total = inputs.paidBy.reduce((sum, row) => sum + Math.max(0, row.pence), 0);
  return {
    payers: concentration(inputs.paidBy, total, inputs.months),
    currency: currencyExposure(inputs.paidBy, total, inputs.months),
    liveFalls: inputs.liveFalls.map((fall) => ({
      ...fall,
      pencePerMonth: liveFallCost(fall, inputs.paidBy, inputs.months),
    })),
    untapped: inputs.shares.length > 0 ? untappedAudience(inputs) : [],
    unmeasured: inputs.shares.length > 0 ? unmeasuredAudience(inputs) : [],
  };
}

const poundsOf = (pence: number) => (pence / 100).toFixed(2);

/** The findings as stored and answered: pounds as decimal strings, shares to four places. */
export function toHealthFindings(findings: Findings): HealthFindings {
  const share = (value: number) => Math.round(value * 10_000) / 10_000;
  const { payers, currency } = findings;
  return {
    payers: {
      largest: payers.largest
        ? {
            name: payers.largest.name,
            monthly: poundsOf(payers.largest.pencePerMonth),
            share: share(payers.largest.share),
          }
        : null,
      hhi: share(payers.hhi),
      namedShare: share(payers.namedShare),
    },
    currency: {
      foreignShare: share(currency.foreignShare),
      foreignMonthly: poundsOf(currency.foreignPencePerMonth),
      tenPercentMove: poundsOf(currency.tenPercentMovePence),
      currencies: currency.currencies,
    },
    liveFalls: findings.liveFalls.map((fall) => ({
      platform: fall.platform,
      title: fall.title,
      since: fall.since,
      atStake: fall.pencePerMonth === null ? null : poundsOf(fall.pencePerMonth),
    })),
    untapped: findings.untapped.map((each) => ({
      platform: each.platform,
      followers: each.followers,
      worth: poundsOf(each.worthPencePerMonth),
    })),
    unmeasured: findings.unmeasured,
  };
}
