import { describe, expect, it } from 'vitest';
import { ordinalDay } from './calendar';
import { pendingMonthSentence, usuallyBySaid } from './pending-months';

describe('a month not in yet, in words', () => {
  it('names each stream at its usual amount and day, never as £0', () => {
    const sentence = pendingMonthSentence({
      month: '2026-11',
      recorded: '1650.00',
      streams: [
        { source: 'youtube_ads', state: 'awaited', usual: '1560.40', usuallyBy: '2026-12-22' },
        { source: 'affiliate_marketing', state: 'missing', usual: '310.00', usuallyBy: '2026-11-29' },
      ],
    });
    expect(sentence).toBe(
      'November: YouTube Ads not in yet, usually £1,560 by 22 December; Affiliate Marketing not recorded yet, usually £310 by 29 November',
    );
  });

  it('says the day with its month, and days of the month as ordinals', () => {
    expect(usuallyBySaid('2027-01-03')).toBe('by 3 January');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31].map(ordinalDay)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '31st',
    ]);
  });
});
