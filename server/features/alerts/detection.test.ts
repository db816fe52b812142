import { describe, expect, it } from 'vitest';
import { detectDailyDrop, detectMonthlyDrop, detectPaceDrop, MIN_MONTHS, type Point } from './detection';

/** A small seeded generator, so every run sees the same histories. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function gaussian(next: () => number) {
  const u = Math.max(next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
}

type Shape = 'stable' | 'weekly' | 'noisy' | 'trending';
const NOISE: Record<Shape, number> = { stable: 0.05, weekly: 0.05, noisy: 0.1, trending: 0.05 };
const WEEKLY = [1.25, 1.1, 1, 0.95, 0.9, 0.85, 1.2];

/** Daily views for `days` days: a level, its shape, noise, and from `dropDay` on a fall of `drop`. */
function history(shape: Shape, seed: number, days: number, drop?: { day: number; share: number }): Point[] {
  const next = random(seed);
  const level = 2000 + next() * 20_000;
  return Array.from({ length: days }, (_, day) => {
    let value = level;
    if (shape === 'weekly') value *= WEEKLY[day % 7]!;
    if (shape === 'trending') value *= 1 + 0.004 * day;
    value *= 1 + NOISE[shape] * gaussian(next);
    if (drop && day >= drop.day) value *= 1 - drop.share;
    const at = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
    return { at, value: Math.max(0, Math.round(value)) };
  });
}

/** Runs the scan as the schedule would, after each day's figure arrives; the first alert's day. */
function firstAlertDay(series: Point[], fromDay = 29): number | null {
  for (let day = fromDay; day <= series.length; day++) {
    if (detectDailyDrop(series.slice(0, day))) return day - 1;
  }
  return null;
}

describe('drops in daily figures (synthetic histories)', () => {
  it('catches drops of 30% or more in stable and weekly series at the first scan, all by the second', () => {
    let cases = 0;
    let atFirstScan = 0;
    let bySecondScan = 0;
    for (const shape of ['stable', 'weekly'] as const) {
      for (const share of [0.3, 0.4, 0.5, 0.6]) {
        for (let seed = 1; seed <= 50; seed++) {
          const dropDay = 60 + (seed % 20);
          const series = history(shape, seed * 7919 + share * 1000, 90, { day: dropDay, share });
          cases += 1;
          const day = firstAlertDay(series, dropDay + 1);
          if (day === dropDay) atFirstScan += 1;
          if (day !== null && day <= dropDay + 1) bySecondScan += 1;
        }
      }
    }
    // docs/scoring.md: 399 of 400 at the first scan; the other day's noise hid a third of its fall.
    expect(atFirstScan / cases).toBeGreaterThanOrEqual(0.99);
    expect(bySecondScan).toBe(cases);
  });

  it('raises an alert in fewer than 5% of stable noisy series over 90 days', () => {
    let alarmed = 0;
    const series = 400;
    for (let seed = 1; seed <= series; seed++) {
      if (firstAlertDay(history('noisy', seed * 104729, 90)) !== null) alarmed += 1;
    }
    expect(alarmed / series).toBeLessThan(0.05);
  });

  it('does not mistake growth, or a weekday’s usual dip, for a drop', () => {
    for (let seed = 1; seed <= 50; seed++) {
      expect(firstAlertDay(history('trending', seed * 31, 90))).toBeNull();
      expect(firstAlertDay(history('weekly', seed * 37, 90))).toBeNull();
    }
  });

  it('sizes the alert: 50% or more is critical, 30–49% high', () => {
    const flat = (values: number[]) => values.map((value, day) => ({ at: String(day), value }));
    expect(detectDailyDrop(flat([...Array(28).fill(1000), 450]))).toMatchObject({
      severity: 'critical',
      baseline: 1000,
    });
    expect(detectDailyDrop(flat([...Array(28).fill(1000), 650]))).toMatchObject({
      severity: 'high',
      dropShare: 0.35,
    });
    expect(detectDailyDrop(flat([...Array(28).fill(1000), 750]))).toMatchObject({ severity: 'medium' });
    expect(detectDailyDrop(flat([...Array(28).fill(1000), 850]))).toBeNull();
    expect(detectDailyDrop(flat([...Array(20).fill(1000), 100]))).toBeNull();
  });
});

describe('drops in monthly revenue by source', () => {
  it('compares the last complete month with the median of up to six before it', () => {
    const months = (values: number[]) =>
      values.map((value, index) => ({ at: `2026-${String(index + 1).padStart(2, '0')}`, value }));
    expect(detectMonthlyDrop(months([1200, 1000, 1100, 1050, 980, 1020, 500]))).toMatchObject({
      severity: 'critical',
      baseline: 1035,
    });
    expect(detectMonthlyDrop(months([1000, 1000, 1000, 750]))).toMatchObject({ severity: 'medium' });
    expect(detectMonthlyDrop(months([1000, 1000, 1000, 850]))).toBeNull();
    expect(detectMonthlyDrop(months([1000, 1000, 300]))).toBeNull();
  });
});

describe('this month’s pace', () => {
  const months = (values: number[]) =>
    values.map((value, index) => ({ at: `2026-${String(5 + index).padStart(2, '0')}`, value }));

  it('sees a fall under way from the 7th, against the same days of recent months', () => {
    const falling = months([980, 1010, 1000, 1040, 990, 420]);
    expect(detectPaceDrop(falling, 14)).toMatchObject({ at: '2026-10', value: 420, baseline: 1000 });
    expect(detectPaceDrop(falling, 6)).toBeNull();
  });

  it('leaves an ordinary month, and one with nothing entered yet, alone', () => {
    expect(detectPaceDrop(months([980, 1010, 1000, 1040, 990, 930]), 20)).toBeNull();
    expect(detectPaceDrop(months([980, 1010, 1000, 1040, 990, 0]), 20)).toBeNull();
    expect(detectPaceDrop(months([1000, 1040, 300]), 20)).toBeNull();
  });
});

describe('months judged', () => {
  it('need three before the latest', () => {
    const readings = (count: number) =>
      [...Array(count - 1).fill(1000), 400].map((value, index) => ({ at: `2026-11-${10 + index}`, value }));
    expect(detectMonthlyDrop(readings(MIN_MONTHS - 1))).toBeNull();
    expect(detectMonthlyDrop(readings(MIN_MONTHS))).toMatchObject({ baseline: 1000 });
  });
});
