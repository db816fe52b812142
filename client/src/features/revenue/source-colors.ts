import type { RevenueSource } from '@common/revenue';

/**
 * Each source's own colour in the charts, so a source keeps its colour from month to month and two
 * sources never share one (a five-colour cycle repeated colours past five sources; decision
 * 027). A platform's sources share a family (YouTube warm orange-reds, TikTok cyans); all read on the
 * dark card.
 */
export const SOURCE_COLORS: Record<RevenueSource, string> = {
  youtube_ads: '#ff5a1f',
  youtube_sponsors: '#fdba74',
  youtube_memberships: '#fca5a5',
  youtube_super_chat: '#fb7185',
  tiktok_creator_rewards: '#22d3ee',
  tiktok_sponsors: '#5eead4',
  tiktok_live_gifts: '#2dd4bf',
  instagram_sponsors: '#f472b6',
  podcast_sponsors: '#a78bfa',
  newsletter_sponsors: '#fde68a',
  brand_deals: '#e879f9',
  affiliate_marketing: '#fdb022',
  digital_products: '#c8f542',
  licensing: '#d6d3d1',
  courses: '#32d583',
  coaching: '#86efac',
  memberships: '#7a9cff',
  paid_newsletter: '#facc15',
  merchandise: '#60a5fa',
  tips: '#c4b5fd',
  speaking: '#93c5fd',
  other: '#a3a3a3',
};
