import { addDays } from '@common/calendar';
import { describe, expect, it } from 'vitest';
import type { Point } from './detection';
import { screenshotFalls } from './screenshot-fall';

/** 70 synced days of YouTube views at about 1,800 a day, to 2 November 2026. */
const synced = new Map<string, Point[]>([
  [
    'youtube:views',
    Array.from({ length: 70 }, (_, index) => ({
      at: addDays('2026-11-02', index - 69),
      value: 1_800 + ((index * 37) % 11) * 10,
    })),
  ],
]);

describe('a first screenshot against the synced days before it', () => {
  it('is judged against the synced total of the period before its own', () => {
    // "Last 28 days" on 30 November: 28 days to the 30th, against the synced 28 days to 2 November.
    const screenshots = new Map([['youtube:views:total:28', [{ at: '2026-11-30', value: 33_000 }]]]);
    const [alert] = screenshotFalls('creator', screenshots, synced, new Set());
    expect(alert).toMatchObject({
      cause: 'metric:youtube:fall',
      // The synced 28 days to 2 November average 1,847 a day: 51,730 views, and 33,000 is 36% under.
      title: 'YouTube views fell 36% over 28 days',
      description: expect.stringContaining(
        '33,000 views in the 28 days to 30 November 2026, against 51,730 views',
      ),
    });
    expect(alert!.description).toContain('in your synced days of the 28 days before');
  });

  it('adds nothing for a platform whose synced days already told the fall', () => {
    const screenshots = new Map([['youtube:views:total:28', [{ at: '2026-11-30', value: 33_000 }]]]);
    expect(screenshotFalls('creator', screenshots, synced, new Set(['youtube']))).toEqual([]);
  });

  it('without synced days of the period before, waits for a second screenshot', () => {
    const screenshots = new Map([['youtube:views:total:28', [{ at: '2027-02-28', value: 3_000 }]]]);
    expect(screenshotFalls('creator', screenshots, synced, new Set())).toEqual([]);
  });
});
