import type { RevenueSource } from '@common/revenue';
import type { PlayId } from './play';

/**
 * The revenue sources that show a creator already runs a play: recorded income says so even when the
 * onboarding answers did not (a paid newsletter is an email list that already pays, so "start an
 * email list" would be advice they have taken).
 */
export const PLAY_SOURCES: Partial<Record<PlayId, readonly RevenueSource[]>> = {
  email_list: ['paid_newsletter', 'newsletter_sponsors'],
  digital_product: ['digital_products'],
  online_course: ['courses'],
  coaching: ['coaching'],
  sponsorship_outreach: [
    'youtube_sponsors',
    'instagram_sponsors',
    'tiktok_sponsors',
    'podcast_sponsors',
    'newsletter_sponsors',
    'brand_deals',
  ],
  affiliate_programmes: ['affiliate_marketing'],
  membership: ['memberships', 'youtube_memberships', 'paid_newsletter'],
  merchandise: ['merchandise'],
  speaking: ['speaking'],
};
