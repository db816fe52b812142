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

describe('a fall the screen states itself', () => {
  it('is evidence on a first screenshot, told against the period before as the screen counted it', () => {
    // "33.8K views, 35% less than previous" on the 28-day overview: 52,000 the 28 days before.
    const screenshots = new Map([
      ['youtube:views:total:28', [{ at: '2026-11-24', value: 33_800, statedChange: -35 }]],
    ]);
    const [alert, ...more] = screenshotFalls('creator', screenshots, new Map(), new Set());
    expect(more).toEqual([]);
    expect(alert).toMatchObject({
      cause: 'metric:youtube:fall',
      severity: 'high',
      title: 'YouTube views fell 35% over 28 days',
      description:
        'Your screenshots show 33,800 views in the 28 days to 24 November 2026, against 52,000 views in the 28 days before, as the screen states (↓ 35%). Views fell 35%, so this is reach: fewer people saw your posts.',
    });
  });

  it('comes before the creator’s earlier screenshots, since the platform counted every day', () => {
    const screenshots = new Map([
      [
        'youtube:views:total:28',
        [
          { at: '2026-10-27', value: 40_000, statedChange: null },
          { at: '2026-11-24', value: 33_800, statedChange: -35 },
        ],
      ],
    ]);
    const [alert] = screenshotFalls('creator', screenshots, new Map(), new Set());
    expect(alert!.title).toBe('YouTube views fell 35% over 28 days');
  });

  it('is not one under 30%, nor a change of a change, nor a rise', () => {
    const one = (key: string, statedChange: number) =>
      screenshotFalls(
        'creator',
        new Map([[key, [{ at: '2026-11-24', value: 33_800, statedChange }]]]),
        new Map(),
        new Set(),
      );
    expect(one('youtube:views:total:28', -29)).toEqual([]);
    expect(one('youtube:subscribers:change:28', -60)).toEqual([]);
    expect(one('youtube:views:total:28', 35)).toEqual([]);
  });

  it('is not one when a change over the period is smaller than the last: slower growth is no fall', () => {
    const gained = (first: number, then: number) =>
      screenshotFalls(
        'creator',
        new Map([
          [
            'youtube:subscribers:change:28',
            [
              { at: '2026-10-27', value: first, statedChange: null },
              { at: '2026-11-24', value: then, statedChange: null },
            ],
          ],
        ]),
        new Map(),
        new Set(),
      );
    // "+402" subscribers in October's 28 days, "+96" in November's: the channel still grew.
    expect(gained(402, 96)).toEqual([]);
    expect(
      screenshotFalls(
        'creator',
        new Map([
          [
            'youtube:subscribers:total:28',
            [
              { at: '2026-10-27', value: 402, statedChange: null },
              { at: '2026-11-24', value: 96, statedChange: null },
            ],
          ],
        ]),
        new Map(),
        new Set(),
      ),
    ).toHaveLength(1);
  });
});
