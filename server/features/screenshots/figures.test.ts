import { formatFigure, understoodAs } from '@common/screenshot-fields';
import { describe, expect, it } from 'vitest';
import { figureAt, figureOnly, parseTypedFigure } from './figures';

describe('parseTypedFigure', () => {
  it.each([
    ['1.2M', 1_200_000, null],
    ['12.3K', 12_300, null],
    ['12.3k', 12_300, null],
    ['45,6 K', 45_600, null],
    ['402K', 402_000, null],
    ['1,234', 1234, null],
    ['210,455', 210_455, null],
    ['+3,412', 3412, null],
    ['−18', -18, null],
    ['-1.2K', -1200, null],
    ['£3,412.50', 3412.5, 'GBP'],
    ['$312.40', 312.4, 'USD'],
    ['€45,60', 45.6, 'EUR'],
    ['45,60 €', 45.6, 'EUR'],
    ['€1.204,50', 1204.5, 'EUR'],
    ['1 234 567', 1_234_567, null],
    ['903', 903, null],
    [' 402500 ', 402_500, null],
  ])('reads "%s" as %d', (text, value, currency) => {
    expect(parseTypedFigure(text)).toMatchObject({ value, currency });
  });

  it('says a signed figure is a change over the period, and an unsigned one a total', () => {
    expect(parseTypedFigure('+389')).toMatchObject({ value: 389, isChange: true });
    expect(parseTypedFigure('−18')).toMatchObject({ value: -18, isChange: true });
    expect(parseTypedFigure('12.3K')).toMatchObject({ value: 12_300, isChange: false });
  });

  it.each(['', 'twelve', '1.2M views', '12%', '9:41', '28 Oct', '1.2.3', '£', '--5', '+-5', '1e6'])(
    'refuses "%s"',
    (text) => {
      expect(parseTypedFigure(text)).toBeNull();
    },
  );
});

describe('figureAt and figureOnly', () => {
  it('never takes a percentage, a time, a date, a duration, a rank or a change as a figure', () => {
    for (const text of [
      '12%',
      '+12.4 %',
      '9:41',
      '28 Oct',
      'Oct 28',
      '24/11/2026',
      '28 days',
      '1h 04m',
      '42m',
      '2 of 10',
      '312 more than usual',
    ])
      expect(figureAt(text), text).toBeNull();
  });

  it('takes no day of a date range written with dashes for a figure', () => {
    expect(figureAt('Jan 11-Feb 7', 11)).toBeNull();
    expect(figureAt('11 Jan–7 Feb', 7)).toBeNull();
  });

  it('takes no day written with its point before the month for a figure, as German writes dates', () => {
    expect(figureAt('11. Dez.')).toBeNull();
    expect(figureAt('+2171 vs. 2. Feb.', 10)).toBeNull();
    // A figure ending a sentence is a figure all the same.
    expect(figureAt('12. Views')).toMatchObject({ value: 12 });
  });

  it('takes a figure with a change beside it, but not a figure inside words', () => {
    expect(figureOnly('245K +12.4% ›')).toMatchObject({ value: 245_000, shown: '245K' });
    expect(figureOnly('1.2M ↑')).toMatchObject({ value: 1_200_000 });
    expect(figureOnly('3 posts')).toBeNull();
    expect(figureOnly('+1,204 net')).toBeNull();
    // An icon read as "2+" before a caption is no figure with a change beside it.
    expect(figureOnly('2+ Net followers')).toBeNull();
    expect(figureOnly('45,6 Tsd. ®')).toMatchObject({ value: 45_600, shown: '45,6 Tsd.' });
    expect(figureOnly('38,4 mil')).toMatchObject({ value: 38_400, shown: '38,4 mil' });
    expect(figureOnly('3 millones')).toBeNull();
    expect(figureOnly('1,2 Mio.')).toMatchObject({ value: 1_200_000 });
    // Portuguese millions, Italian millions and billions.
    expect(figureOnly('1,3 mi')).toMatchObject({ value: 1_300_000, shown: '1,3 mi' });
    expect(figureOnly('1,1 Mln')).toMatchObject({ value: 1_100_000, shown: '1,1 Mln' });
    expect(figureOnly('2,4 Mld')).toMatchObject({ value: 2_400_000_000 });
    expect(figureOnly('3 milhões')).toBeNull();
  });

  it('takes a stroke between a shortened figure’s one decimal and its letter for the letter’s own', () => {
    expect(figureOnly('1.1IM@®')?.value).toBe(1_100_000);
    expect(figureOnly('1.IM')?.value).toBe(1_100_000);
    expect(figureOnly('21.9lK')?.value).toBe(21_900);
    expect(figureOnly('7.1TM')?.value).toBe(7_100_000);
  });

  it('mends the usual OCR confusions inside a number', () => {
    expect(figureOnly('1.IM')).toMatchObject({ value: 1_100_000 });
    expect(figureOnly('1.2m')).toMatchObject({ value: 1_200_000 });
  });

  it('takes Italian millions whose "l" OCR read as an "i", but no minutes written as German writes them', () => {
    expect(figureOnly('1,1 Min')).toMatchObject({ value: 1_100_000, shown: '1,1 Mln' });
    expect(figureOnly('1,4Min')).toMatchObject({ value: 1_400_000 });
    expect(figureOnly('1,5 Min.')).toBeNull();
    expect(figureOnly('11 Min')).toBeNull();
    expect(figureOnly('1.5 min')).toBeNull();
  });

  it('takes the Brazilian dollar sign for dollars', () => {
    expect(figureOnly('US$ 14,37')).toMatchObject({ value: 14.37, currency: 'USD', shown: 'US$ 14,37' });
    expect(figureOnly('US$1,204.50')).toMatchObject({ value: 1204.5, currency: 'USD' });
  });

  it('takes no figure with a digit run straight on after its thousands ("12,0490": an icon read as 0)', () => {
    expect(figureOnly('12,0490')).toBeNull();
    expect(figureOnly('12,049')).toMatchObject({ value: 12_049 });
  });
});

describe('thousands grouped', () => {
  it('groups with one separator throughout, so a digit run on after the decimals is no figure', () => {
    expect(figureOnly('$1,877.350')).toBeNull();
    expect(figureOnly('$1,877.35')?.value).toBe(1877.35);
    expect(figureOnly('1.268,40 €')?.value).toBe(1268.4);
    expect(figureOnly('1,204,331')?.value).toBe(1_204_331);
  });
});

describe('formatFigure', () => {
  it('writes a corrected figure in full, with its currency', () => {
    expect(formatFigure(12_300, null)).toBe('12,300');
    expect(formatFigure(1204.5, 'GBP')).toBe('£1,204.50');
  });
});

describe('understoodAs', () => {
  const read = (shown: string) => {
    const figure = figureOnly(shown);
    if (!figure) throw new Error(`${shown} is no figure`);
    return understoodAs(figure);
  };

  it('writes out a figure the screen printed short or in another notation', () => {
    expect(read('1,1 Mln')).toBe('1,100,000');
    expect(read('12.3K')).toBe('12,300');
    expect(read('2,4 Mio.')).toBe('2,400,000');
    expect(read('$3.5K')).toBe('$3,500');
    expect(read('1.268,40 €')).toBe('€1,268.40');
  });

  it('says nothing of a figure printed in full already, whatever its sign', () => {
    expect(read('1,234')).toBeNull();
    expect(read('£1,204.50')).toBeNull();
    expect(understoodAs({ shown: '−18', value: -18, currency: null })).toBeNull();
    expect(understoodAs({ shown: '+4.1K', value: 4100, currency: null })).toBe('4,100');
  });
});
