import { describe, expect, it } from 'vitest';
import type { Point } from './detection';
import { detectSeasonalMonthlyDrop } from './seasonality';

/** Monthly ad revenue from `start` ('YYYY-MM'), one value a month. */
function months(start: string, values: number[]): Point[] {
  const [year, month] = start.split('-').map(Number) as [number, number];
  return values.map((value, index) => {
    const date = new Date(Date.UTC(year, month - 1 + index, 1));
    return { at: date.toISOString().slice(0, 7), value };
  });
}

// Ad rates follow the calendar: Q4 high, January low. Feb–Sep around £1,000, Oct–Dec higher.
const YEAR = [700, 980, 1010, 990, 1020, 1000, 1005, 995, 1010, 1050, 1080, 1100];

describe('a month against the same month in earlier years (docs/scoring.md "Seasons")', () => {
  it('holds a January dip seen in two earlier years to medium, and says why', () => {
    // January 2024 to January 2026: the latest January falls as the two before it did.
    const series = months('2024-01', [...YEAR, ...YEAR, 700]);
    const drop = detectSeasonalMonthlyDrop(series)!;
    expect(drop).toMatchObject({ at: '2026-01', severity: 'medium' });
    // Against July–December's median of £1,030 it is 32% down, which alone would be high.
    expect(drop.dropShare).toBeCloseTo(0.32, 2);
    // January 2025 was 700/1,100 of December 2024 (January 2024 has no December before it).
    expect(drop.season).toMatchObject({ kind: 'usual', previousMonth: '2025-12', beyond: null });
    expect((drop.season as { usualFall: number }).usualFall).toBeCloseTo(1 - 700 / 1100, 5);
  });

  it('raises the same dip as high when there is no history of it', () => {
    const series = months('2025-06', [1000, 1005, 995, 1010, 1050, 1080, 1100, 700]);
    const drop = detectSeasonalMonthlyDrop(series)!;
    expect(drop).toMatchObject({ at: '2026-01', severity: 'high', season: { kind: 'short', months: 8 } });
  });

  it('raises a dip in a month that did not dip before as it would any other', () => {
    // Two years of steady months, then a January fall the earlier Januaries never showed.
    const steady = YEAR.map((value, index) => (index === 0 ? 1000 : value));
    const drop = detectSeasonalMonthlyDrop(months('2024-01', [...steady, ...steady, 650]))!;
    expect(drop).toMatchObject({ severity: 'high', season: { kind: 'new' } });
  });

  it('still alerts in full when the fall goes well beyond the usual one', () => {
    const drop = detectSeasonalMonthlyDrop(months('2024-01', [...YEAR, ...YEAR, 250]))!;
    expect(drop.severity).toBe('critical');
    expect(drop.season).toMatchObject({ kind: 'usual' });
    expect((drop.season as { beyond: number }).beyond).toBeGreaterThan(0.5);
  });

  it('compares with the following months when the earliest January has none before it', () => {
    // Exactly 13 months: January 2025 is judged against February–July 2025.
    const drop = detectSeasonalMonthlyDrop(months('2025-01', [...YEAR, 700]))!;
    expect(drop).toMatchObject({ severity: 'medium', season: { kind: 'usual', previousMonth: null } });
  });

  it('says a seasonal low that usually rises from the month before against the months around it', () => {
    // January is the trough (500); February (700) is usually up on January but well below the rest.
    const year = [500, 700, 1000, 1010, 990, 1000, 1005, 995, 1010, 1000, 1000, 1000];
    const drop = detectSeasonalMonthlyDrop(months('2024-01', [...year, ...year, 500, 700]))!;
    expect(drop).toMatchObject({ at: '2026-02', season: { kind: 'usual', previousMonth: null } });
    expect((drop.season as { usualFall: number }).usualFall).toBeGreaterThan(0);
  });

  it('finds nothing in an ordinary month', () => {
    expect(detectSeasonalMonthlyDrop(months('2024-01', [...YEAR, ...YEAR.slice(0, 6)]))).toBeNull();
  });
});
