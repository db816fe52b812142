import { FORMER_SOURCE_NAMES, REVENUE_SOURCES, type RevenueSource, SOURCE_LABELS } from '@common/revenue';
import { sourcePlatform } from '@common/revenue-sources';

/**
 * Creators' own names for their income ("YouTube AdSense", "Ko-fi tips", "Patreon") read as the
 * tracker's sources. A name is recognised only when it says which source without guessing; a brand
 * deal that does not say which platform it was for is asked about, with a suggestion.
 */

/** How names are compared: case, punctuation and spacing do not matter ("Ko-fi  Tips" is "ko fi tips"). */
export function nameKey(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}&+]+/gu, ' ')
    .trim();
}

const EXACT: Record<string, RevenueSource> = {};
for (const source of REVENUE_SOURCES) {
  EXACT[nameKey(source)] = source;
  EXACT[nameKey(SOURCE_LABELS[source])] = source;
}
for (const [former, current] of Object.entries(FORMER_SOURCE_NAMES)) EXACT[nameKey(former)] = current;

/** Whole words or phrases, checked in order: the first rule whose words all appear decides. */
const RULES: readonly [readonly string[], RevenueSource | null][] = [
  // "Affiliate commission" is affiliate income; any other commission is custom work paid through a
  // tipping page, which no source names: it is asked, with "other" (below) suggested.
  [['affiliate'], 'affiliate_marketing'],
  [['commission'], null],
  [['ko fi', 'subscription'], 'memberships'],
  [['ko fi', 'shop'], 'digital_products'],
  [['creator fund'], 'tiktok_creator_rewards'],
  [['creator rewards'], 'tiktok_creator_rewards'],
  [['creativity program'], 'tiktok_creator_rewards'],
  [['super chat'], 'youtube_super_chat'],
  [['super thanks'], 'youtube_super_chat'],
  [['super stickers'], 'youtube_super_chat'],
  [['tiktok', 'gift'], 'tiktok_live_gifts'],
  [['tiktok', 'live'], 'tiktok_live_gifts'],
  [['youtube', 'member'], 'youtube_memberships'],
  [['channel member'], 'youtube_memberships'],
  [['newsletter', 'sponsor'], 'newsletter_sponsors'],
  [['podcast', 'sponsor'], 'podcast_sponsors'],
  [['podcast', 'ad'], 'podcast_sponsors'],
  [['youtube', 'sponsor'], 'youtube_sponsors'],
  [['youtube', 'brand'], 'youtube_sponsors'],
  [['instagram', 'sponsor'], 'instagram_sponsors'],
  [['instagram', 'brand'], 'instagram_sponsors'],
  [['tiktok', 'sponsor'], 'tiktok_sponsors'],
  [['tiktok', 'brand'], 'tiktok_sponsors'],
  [['adsense'], 'youtube_ads'],
  [['youtube', 'ad'], 'youtube_ads'],
  [['youtube partner'], 'youtube_ads'],
  [['youtube', 'revenue'], 'youtube_ads'],
  [['patreon'], 'memberships'],
  [['membership'], 'memberships'],
  [['substack'], 'paid_newsletter'],
  [['beehiiv'], 'paid_newsletter'],
  [['newsletter'], 'paid_newsletter'],
  [['tip'], 'tips'],
  [['ko fi'], 'tips'],
  [['buy me a coffee'], 'tips'],
  [['donation'], 'tips'],
  [['amazon associates'], 'affiliate_marketing'],
  [['merch'], 'merchandise'],
  [['licens'], 'licensing'],
  [['licenc'], 'licensing'],
  [['course'], 'courses'],
  [['masterclass'], 'courses'],
  [['coaching'], 'coaching'],
  [['1 1'], 'coaching'],
  [['one to one'], 'coaching'],
  [['consult'], 'coaching'],
  [['ebook'], 'digital_products'],
  [['e book'], 'digital_products'],
  [['digital product'], 'digital_products'],
  [['preset'], 'digital_products'],
  [['template'], 'digital_products'],
  [['speaking'], 'speaking'],
  [['keynote'], 'speaking'],
];

/** Names that say what kind of money it is but not which source: asked, starting from this choice. */
const SUGGESTIONS: readonly [readonly string[], RevenueSource][] = [
  [['sponsor'], 'brand_deals'],
  [['brand'], 'brand_deals'],
  [['partnership'], 'brand_deals'],
  [['gift'], 'tips'],
  [['product'], 'digital_products'],
  [['shop'], 'digital_products'],
  [['ad'], 'youtube_ads'],
  [['workshop'], 'speaking'],
  [['commission'], 'other'],
  [['talk'], 'speaking'],
];

/** Each word of the phrase begins a word of the name ("sponsor" matches "sponsorship", "ad" not "shade"). */
function hasPhrase(key: string, phrase: string): boolean {
  return ` ${key}`.includes(` ${phrase}`);
}

const matches = (key: string, words: readonly string[]) => words.every((word) => hasPhrase(key, word));

export type NameReading = { source: RevenueSource | null; suggestion: RevenueSource | null };

/** The platforms the creator works on (onboarding and connections) and their primary one. */
export type CreatorPlatforms = { platforms: string[]; primary: string | null };

/** A brand deal on one platform is that platform's sponsorship; only a creator on several needs the general one. */
const SPONSOR_SOURCES: Record<string, RevenueSource> = {
  youtube: 'youtube_sponsors',
  instagram: 'instagram_sponsors',
  tiktok: 'tiktok_sponsors',
  podcast: 'podcast_sponsors',
};

/**
 * A suggestion fitted to the creator's platforms: a deal for a creator on one platform that has
 * sponsorships is that platform's, and no source of a platform they are not on is suggested.
 */
function fitSuggestion(suggestion: RevenueSource | null, creator?: CreatorPlatforms): RevenueSource | null {
  if (!suggestion || !creator || creator.platforms.length === 0) return suggestion;
  if (suggestion === 'brand_deals') {
    const sponsored = creator.platforms.filter((platform) => platform in SPONSOR_SOURCES);
    return sponsored.length === 1 ? SPONSOR_SOURCES[sponsored[0]!]! : suggestion;
  }
  const platform = sourcePlatform(suggestion);
  return platform && platform !== 'primary' && !creator.platforms.includes(platform) ? null : suggestion;
}

export function recogniseSourceName(name: string, creator?: CreatorPlatforms): NameReading {
  const key = nameKey(name);
  const exact = EXACT[key] ?? EXACT[key.replaceAll(' ', '_')];
  if (exact) return { source: exact, suggestion: null };
  const rule = RULES.find(([words]) => matches(key, words));
  if (rule?.[1]) return { source: rule[1], suggestion: null };
  const suggestion = SUGGESTIONS.find(([words]) => matches(key, words));
  return { source: null, suggestion: fitSuggestion(suggestion?.[1] ?? null, creator) };
}
