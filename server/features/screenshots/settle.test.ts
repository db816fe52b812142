import { describe, expect, it } from 'vitest';
import { figureOnly } from './figures';
import { canMeasure } from './labels';
import { countedInPixels, settle } from './settle';

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

  it('does not take a digit over a reading with its separator in place', () => {
    expect(settle(readings(['288.5', 96], ['288.95', 78], ['288.5', 90], ['288.95', 68])).figure.shown).toBe(
      '288.5',
    );
  });

  it('keeps the screen’s sure reading when closer looks of its shape disagree among themselves', () => {
    const read = readings(['58,940', 94], ['98,940', 69], ['98,940', 65], ['28,940', 80]);
    expect(settle(read, true).figure.shown).toBe('58,940');
    // Not when the screen's reading was not the first, nor unsure, nor the closer looks agree.
    expect(settle(read).figure.shown).toBe('98,940');
    expect(settle(readings(['58,940', 70], ['98,940', 69], ['28,940', 80]), true).figure.shown).not.toBe(
      '58,940',
    );
    expect(settle(readings(['58,940', 94], ['98,940', 69], ['98,940', 65]), true).figure.shown).toBe(
      '98,940',
    );
  });

  it('takes what most readings agree on when none only lost what another kept', () => {
    expect(settle(readings(['814', 70], ['814', 82], ['8,241', 88])).figure.value).toBe(814);
    expect(settle(readings(['1,204', 60], ['1,204', 65], ['1,284', 95])).figure.value).toBe(1204);
  });
});

describe('countedInPixels', () => {
  it('takes the reading with a character for each glyph drawn, written with the point the pixels show', () => {
    const marks = ['glyph', '.', 'glyph', 'glyph'] as const;
    expect(countedInPixels(readings(['11M', 80], ['1M', 64], ['1M', 54]), [...marks])?.figure.shown).toBe(
      '1.1M',
    );
  });

  it('settles nothing when no reading was short of the glyphs, or the full one is doubted or differs', () => {
    const marks = ['glyph', '.', 'glyph', 'glyph'] as const;
    expect(countedInPixels(readings(['1.1M', 80], ['1.1M', 64]), [...marks])).toBeNull();
    expect(countedInPixels(readings(['18', 88], ['180', 0]), ['glyph', 'glyph', 'glyph'])).toBeNull();
    // An icon after the figure read as one more digit is no glyph of it.
    expect(
      countedInPixels(readings(['612', 90], ['6120', 95]), ['glyph', 'glyph', 'glyph', 'glyph']),
    ).toBeNull();
    expect(
      countedInPixels(readings(['1,711', 90], ['11,711', 82]), [
        'glyph',
        'glyph',
        ',',
        'glyph',
        'glyph',
        'glyph',
      ])?.figure.shown,
    ).toBe('11,711');
    expect(countedInPixels(readings(['17M', 80], ['11M', 64], ['1M', 60]), [...marks])).toBeNull();
  });

  it('takes a reading that is another with a run of a digit made whole, not an icon after it', () => {
    const five = ['glyph', 'glyph', 'glyph', 'glyph', 'glyph'] as const;
    expect(
      countedInPixels(readings(['1171', 73], ['1171', 56], ['11711', 89]), [...five])?.figure.value,
    ).toBe(11_711);
  });
});

describe('canMeasure', () => {
  it('takes a count as whole and hours or money in fractions', () => {
    expect(canMeasure('views', figureOnly('8,14')!)).toBe(false);
    expect(canMeasure('views', figureOnly('8,114')!)).toBe(true);
    expect(canMeasure('views', figureOnly('1.25K')!)).toBe(true);
    expect(canMeasure('watch_time_hours', figureOnly('288.5')!)).toBe(true);
    expect(canMeasure('revenue', figureOnly('£8,14')!)).toBe(true);
  });
});
