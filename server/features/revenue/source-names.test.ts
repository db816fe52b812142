import { describe, expect, it } from 'vitest';
import { nameKey, recogniseSourceName } from './source-names';

describe('recogniseSourceName', () => {
  it.each([
    ['YouTube AdSense', 'youtube_ads'],
    ['youtube_ads', 'youtube_ads'],
    ['TikTok Creator Fund', 'tiktok_creator_rewards'],
    ['tiktok_creator_fund', 'tiktok_creator_rewards'],
    ['Creator Rewards Program', 'tiktok_creator_rewards'],
    ['Brand deal – YouTube', 'youtube_sponsors'],
    ['Instagram sponsorship', 'instagram_sponsors'],
    ['Podcast ad read', 'podcast_sponsors'],
    ['Newsletter sponsor', 'newsletter_sponsors'],
    ['Patreon', 'memberships'],
    ['Ko-fi membership', 'memberships'],
    ['YouTube channel memberships', 'youtube_memberships'],
    ['Substack', 'paid_newsletter'],
    ['Ko-fi tips', 'tips'],
    ['Super Chat', 'youtube_super_chat'],
    ['TikTok LIVE gifts', 'tiktok_live_gifts'],
    ['Video licensing (Jukin)', 'licensing'],
    ['Amazon Associates', 'affiliate_marketing'],
    ['Affiliate commission', 'affiliate_marketing'],
    ['Merch store', 'merchandise'],
    ['Course', 'courses'],
  ])('reads "%s" as %s', (name, source) => {
    expect(recogniseSourceName(name)).toEqual({ source, suggestion: null });
  });

  it.each([
    ['Sponsorship', 'brand_deals'],
    ['Brand partnership', 'brand_deals'],
    ['Ko-fi Commission', 'other'],
    ['Spice Rack Planner', null],
  ])('asks about "%s", suggesting %s', (name, suggestion) => {
    expect(recogniseSourceName(name)).toEqual({ source: null, suggestion });
  });

  it('compares names without case, punctuation or extra spaces, and never matches inside a word', () => {
    expect(nameKey('  Ko-fi   TIPS ')).toBe('ko fi tips');
    // "ad" begins no word of "Shade cloth", so nothing is suggested from it.
    expect(recogniseSourceName('Shade cloth')).toEqual({ source: null, suggestion: null });
  });
});
