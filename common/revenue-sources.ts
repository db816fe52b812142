import type { Platform } from './creator-platforms';

/**
 * The one list of income: the revenue tracker's sources, grouped as onboarding asks about them. A
 * group offered at onboarding is one of onboarding's "current streams" (docs/product/app.md#onboarding);
 * the others exist only in the tracker. Each source names the platform whose reach pays it:
 * `primary` for money that follows wherever the creator publishes most, null for money paid
 * directly by the people who buy. docs/scoring.md gives each its algorithm weight and the reason.
 */
type SourceDefinition = {
  readonly value: string;
  readonly label: string;
  readonly platform: Platform | 'primary' | null;
};

type SourceGroup = {
  readonly stream: string;
  readonly label: string;
  readonly isOnboardingOption: boolean;
  readonly sources: readonly SourceDefinition[];
};

export const SOURCE_GROUPS = [
  {
    stream: 'ad_revenue',
    label: 'Ad Revenue',
    isOnboardingOption: true,
    sources: [
      { value: 'youtube_ads', label: 'YouTube Ads', platform: 'youtube' },
      { value: 'tiktok_creator_rewards', label: 'TikTok Creator Rewards', platform: 'tiktok' },
    ],
  },
  {
    stream: 'sponsorships',
    label: 'Sponsorships',
    isOnboardingOption: true,
    sources: [
      { value: 'youtube_sponsors', label: 'YouTube Sponsors', platform: 'youtube' },
      { value: 'instagram_sponsors', label: 'Instagram Sponsors', platform: 'instagram' },
      { value: 'tiktok_sponsors', label: 'TikTok Sponsors', platform: 'tiktok' },
      { value: 'podcast_sponsors', label: 'Podcast Sponsors', platform: 'podcast' },
      { value: 'newsletter_sponsors', label: 'Newsletter Sponsors', platform: null },
      { value: 'brand_deals', label: 'Brand Deals (several platforms)', platform: 'primary' },
    ],
  },
  {
    stream: 'affiliate_marketing',
    label: 'Affiliate Marketing',
    isOnboardingOption: true,
    sources: [{ value: 'affiliate_marketing', label: 'Affiliate Marketing', platform: 'primary' }],
  },
  {
    stream: 'product_sales',
    label: 'Product Sales',
    isOnboardingOption: true,
    sources: [
      { value: 'digital_products', label: 'Digital Products', platform: null },
      { value: 'licensing', label: 'Licensing', platform: null },
    ],
  },
  {
    stream: 'course_coaching',
    label: 'Course/Coaching',
    isOnboardingOption: true,
    sources: [
      { value: 'courses', label: 'Courses', platform: null },
      { value: 'coaching', label: 'Coaching', platform: null },
    ],
  },
  {
    stream: 'membership_patreon',
    label: 'Membership/Patreon',
    isOnboardingOption: true,
    sources: [
      { value: 'memberships', label: 'Memberships (Patreon, Ko-fi and similar)', platform: null },
      { value: 'youtube_memberships', label: 'YouTube Channel Memberships', platform: 'youtube' },
      { value: 'paid_newsletter', label: 'Paid Newsletter or Subscription', platform: null },
    ],
  },
  {
    stream: 'merchandise',
    label: 'Merchandise',
    isOnboardingOption: true,
    sources: [{ value: 'merchandise', label: 'Merchandise', platform: null }],
  },
  {
    stream: 'tips_gifts',
    label: 'Tips and Live Gifts',
    isOnboardingOption: false,
    sources: [
      { value: 'tips', label: 'Tips (Ko-fi, Buy Me a Coffee and similar)', platform: null },
      { value: 'youtube_super_chat', label: 'YouTube Super Chat and Thanks', platform: 'youtube' },
      { value: 'tiktok_live_gifts', label: 'TikTok LIVE Gifts', platform: 'tiktok' },
    ],
  },
  {
    stream: 'speaking_other',
    label: 'Speaking and Other',
    isOnboardingOption: false,
    sources: [
      { value: 'speaking', label: 'Speaking', platform: null },
      { value: 'other', label: 'Other', platform: null },
    ],
  },
] as const satisfies readonly SourceGroup[];

type Group = (typeof SOURCE_GROUPS)[number];
export type RevenueSource = Group['sources'][number]['value'];

export const REVENUE_SOURCES = SOURCE_GROUPS.flatMap((group) =>
  group.sources.map((source) => source.value),
) as [RevenueSource, ...RevenueSource[]];

const DEFINITIONS = new Map<string, SourceDefinition>(
  SOURCE_GROUPS.flatMap((group) => group.sources.map((source) => [source.value, source] as const)),
);

/** Names a source had before, still read (and accepted) as the source it became. */
export const FORMER_SOURCE_NAMES: Readonly<Record<string, RevenueSource>> = {
  // TikTok replaced the Creator Fund with the Creator Rewards Programme (2023).
  tiktok_creator_fund: 'tiktok_creator_rewards',
};

/** The current name for a stored or sent source value (a former name becomes its successor). */
export function currentSourceName(value: string): string {
  return FORMER_SOURCE_NAMES[value] ?? value;
}

export const SOURCE_LABELS = Object.fromEntries(
  [...DEFINITIONS].map(([value, definition]) => [value, definition.label]),
) as Record<RevenueSource, string>;

export function sourceLabel(source: string): string {
  const current = currentSourceName(source);
  return SOURCE_LABELS[current as RevenueSource] ?? source.replaceAll('_', ' ');
}

/** The platform whose reach pays a source (`primary`: the creator's primary platform), or null. */
export function sourcePlatform(source: RevenueSource): Platform | 'primary' | null {
  return DEFINITIONS.get(source)?.platform ?? null;
}

/** Onboarding's "current streams" in the order and words it has always used, then "None Yet". */
export const CURRENT_STREAM_OPTIONS = [
  ...SOURCE_GROUPS.filter((group) => group.isOnboardingOption).map((group) => ({
    value: group.stream as Extract<Group, { isOnboardingOption: true }>['stream'],
    label: group.label,
  })),
  { value: 'none_yet', label: 'None Yet' },
] as const satisfies readonly { value: string; label: string }[];

export type CurrentStream = (typeof CURRENT_STREAM_OPTIONS)[number]['value'];

/** The sources that count as an onboarding stream (none for "None Yet"). */
export function sourcesOfStream(stream: string): readonly RevenueSource[] {
  return SOURCE_GROUPS.find((group) => group.stream === stream)?.sources.map((source) => source.value) ?? [];
}
