import type { RevenueSource } from '@common/revenue';

/** The share of a source's income that a platform's ranking decides (docs/scoring.md, weights). */
export const ALGORITHM_WEIGHTS: Record<RevenueSource, number> = {
  youtube_ads: 1,
  tiktok_creator_rewards: 1,
  tiktok_live_gifts: 0.9,
  youtube_sponsors: 0.8,
  instagram_sponsors: 0.8,
  tiktok_sponsors: 0.8,
  brand_deals: 0.8,
  youtube_super_chat: 0.7,
  affiliate_marketing: 0.6,
  podcast_sponsors: 0.5,
  other: 0.5,
  merchandise: 0.4,
  youtube_memberships: 0.4,
  tips: 0.3,
  licensing: 0.2,
  digital_products: 0.1,
  courses: 0.1,
  coaching: 0.1,
  speaking: 0.1,
  memberships: 0.1,
  paid_newsletter: 0.1,
  newsletter_sponsors: 0.1,
};

/**
 * Paid by people (or, for a newsletter's sponsors, for an audience) the creator reaches directly: the
 * creator keeps the customer whatever a feed does.
 */
export const OWNED_SOURCES: readonly RevenueSource[] = [
  'digital_products',
  'courses',
  'coaching',
  'speaking',
  'memberships',
  'paid_newsletter',
  'newsletter_sponsors',
];

/** How the owned sources read in a sentence. */
export const OWNED_IN_WORDS =
  'digital products, courses, coaching, speaking, memberships you run (Patreon, Ko-fi) or a paid newsletter';
