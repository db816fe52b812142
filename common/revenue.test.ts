import { describe, expect, it } from 'vitest';
import {
  createRevenueEntrySchema,
  futureDateProblem,
  parseAmount,
  REVENUE_SOURCES,
  sourceLabel,
} from './revenue';
import { CURRENT_STREAM_OPTIONS, sourcesOfStream } from './revenue-sources';

describe('parseAmount', () => {
  it('keeps exact pounds and pence as two-decimal text', () => {
    expect(parseAmount('12')).toEqual({ amount: '12.00' });
    expect(parseAmount(' 7.5 ')).toEqual({ amount: '7.50' });
    expect(parseAmount('0.1')).toEqual({ amount: '0.10' });
    expect(parseAmount('007.05')).toEqual({ amount: '7.05' });
    expect(parseAmount('10000000.00')).toEqual({ amount: '10000000.00' });
  });

  it('refuses negative, non-numeric, too precise and too large amounts with a reason', () => {
    expect(parseAmount('-1')).toEqual({ problem: 'The amount cannot be negative.' });
    expect(parseAmount('abc')).toHaveProperty('problem', expect.stringMatching(/number/));
    expect(parseAmount('1e400')).toHaveProperty('problem', expect.stringMatching(/number/));
    expect(parseAmount('')).toHaveProperty('problem');
    expect(parseAmount('1.234')).toHaveProperty('problem', expect.stringMatching(/two decimal/));
    expect(parseAmount('10000000.01')).toHaveProperty('problem', expect.stringMatching(/at most/));
    expect(parseAmount('999999999999999999999')).toHaveProperty('problem', expect.stringMatching(/at most/));
  });
});

describe('createRevenueEntrySchema', () => {
  it('takes a JSON number as an amount too, through the same text rules', () => {
    const entry = (amount: unknown) => createRevenueEntrySchema.safeParse({ source: 'courses', amount });
    expect(entry(12.5).data?.amount).toBe('12.50');
    expect(entry(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(entry(0.1 + 0.2).success).toBe(false);
    expect(entry(null).success).toBe(false);
  });

  it('refuses dates that are not on the calendar', () => {
    const entry = { source: 'courses', amount: '5' };
    expect(createRevenueEntrySchema.safeParse({ ...entry, date: '2025-02-30' }).success).toBe(false);
    expect(createRevenueEntrySchema.safeParse({ ...entry, date: '0000-01-01' }).success).toBe(false);
    expect(createRevenueEntrySchema.parse({ ...entry, date: '2024-02-29', description: '  ' })).toEqual({
      source: 'courses',
      amount: '5.00',
      date: '2024-02-29',
      description: null,
      payer: null,
    });
  });
});

describe('amounts and dates a creator cannot have received', () => {
  it('refuses £0, which would count as a stream', () => {
    expect(parseAmount('0')).toEqual({ problem: 'The amount must be more than £0.' });
    expect(parseAmount('0.00')).toEqual({ problem: 'The amount must be more than £0.' });
    expect(parseAmount('0.01')).toEqual({ amount: '0.01' });
  });

  it('allows dates up to tomorrow in London, and no later', () => {
    expect(futureDateProblem('2025-06-16', '2025-06-15')).toBeNull();
    expect(futureDateProblem('2025-06-17', '2025-06-15')).toMatch(/^The date cannot be in the future/);
    expect(futureDateProblem('2026-01-01', '2025-12-31')).toBeNull();
  });
});

describe('sourceLabel', () => {
  it('shows sources with spaces and the brands’ own capitals', () => {
    expect(sourceLabel('tiktok_creator_rewards')).toBe('TikTok Creator Rewards');
    expect(sourceLabel('youtube_ads')).toBe('YouTube Ads');
    expect(sourceLabel('affiliate_marketing')).toBe('Affiliate Marketing');
  });

  it('reads TikTok’s former Creator Fund as Creator Rewards', () => {
    expect(sourceLabel('tiktok_creator_fund')).toBe('TikTok Creator Rewards');
    expect(createRevenueEntrySchema.parse({ source: 'tiktok_creator_fund', amount: '5' }).source).toBe(
      'tiktok_creator_rewards',
    );
  });
});

describe('the one list of sources and streams', () => {
  it('gives every onboarding stream but "None Yet" a tracker source, and each source one group', () => {
    expect(CURRENT_STREAM_OPTIONS.map((option) => option.label)).toEqual([
      'Ad Revenue',
      'Sponsorships',
      'Affiliate Marketing',
      'Product Sales',
      'Course/Coaching',
      'Membership/Patreon',
      'Merchandise',
      'None Yet',
    ]);
    for (const option of CURRENT_STREAM_OPTIONS) {
      expect(sourcesOfStream(option.value).length > 0).toBe(option.value !== 'none_yet');
    }
    expect(new Set(REVENUE_SOURCES).size).toBe(REVENUE_SOURCES.length);
    expect(REVENUE_SOURCES).toEqual(
      expect.arrayContaining(['youtube_sponsors', 'memberships', 'paid_newsletter', 'tips', 'licensing']),
    );
  });
});
