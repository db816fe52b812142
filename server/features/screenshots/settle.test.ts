import { describe, expect, it } from 'vitest';
import { figureOnly } from './figures';
import { settle } from './read-screen';

const readings = (...shown: [string, number][]) =>
  shown.map(([text, confidence]) => ({ figure: figureOnly(text)!, confidence }));

describe('settle', () => {
  it('keeps the separator OCR dropped in other readings', () => {
    expect(settle(readings(['456 K', 90], ['45,6 K', 70], ['456 K', 88])).figure.value).toBe(45_600);
  });

  it('keeps the digit OCR dropped in other readings, with its separators in place', () => {
    expect(settle(readings(['84', 15], ['8,114', 88], ['814', 70], ['814', 82])).figure.shown).toBe('8,114');
  });

  it('keeps the grouped figure over readings that lost the grouping and took an icon for a digit', () => {
    expect(settle(readings(['9,412 0', 15], ['94120', 90], ['94120', 88])).figure.shown).toBe('9,412');
  });

  it('takes what most readings agree on when none only lost what another kept', () => {
    expect(settle(readings(['814', 70], ['814', 82], ['8,241', 88])).figure.value).toBe(814);
    expect(settle(readings(['1,204', 60], ['1,204', 65], ['1,284', 95])).figure.value).toBe(1204);
  });
});
