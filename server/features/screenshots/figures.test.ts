import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../integrations/ocr/reader';
import { formatFigure, parseFigure, readMetrics } from './figures';

describe('parseFigure', () => {
  it.each([
    ['1.2M', 1_200_000, null],
    ['12.3K', 12_300, null],
    ['45,6 K', 45_600, null],
    ['402K', 402_000, null],
    ['1,234', 1234, null],
    ['210,455', 210_455, null],
    ['+3,412', 3412, null],
    ['£1,204.50', 1204.5, 'GBP'],
    ['$312.40', 312.4, 'USD'],
    ['€45,60', 45.6, 'EUR'],
    ['1 234 567', 1_234_567, null],
    ['903', 903, null],
  ])('reads "%s" as %d', (text, value, currency) => {
    expect(parseFigure(text)).toEqual({ shown: text.replace(/^\+/, ''), value, currency });
  });

  it('finds no figure in words', () => {
    expect(parseFigure('Followers')).toBeNull();
  });
});

describe('formatFigure', () => {
  it('writes a corrected figure in full, with its currency', () => {
    expect(formatFigure(12_300, null)).toBe('12,300');
    expect(formatFigure(1204.5, 'GBP')).toBe('£1,204.50');
  });
});

const word = (text: string, x0: number, y0: number, line: number, width = text.length * 12): OcrWord => ({
  text,
  confidence: 90,
  x0,
  y0,
  x1: x0 + width,
  y1: y0 + 24,
  line,
});

describe('readMetrics', () => {
  it('pairs each caption with the figure under it when three cards share a line', () => {
    const words = [
      word('Video', 90, 300, 1),
      word('views', 160, 300, 1),
      word('Likes', 530, 300, 1),
      word('Followers', 970, 300, 1),
      word('3.4M', 92, 380, 2, 120),
      word('402K', 532, 380, 2, 120),
      word('+9,230', 972, 380, 2, 160),
    ];
    expect(readMetrics('tiktok', words).map(({ key, value }) => [key, value])).toEqual([
      ['views', 3_400_000],
      ['likes', 402_000],
      ['followers', 9230],
    ]);
  });

  it('reads a figure on the caption’s own line, as in a table', () => {
    expect(readMetrics('youtube', [word('Views', 40, 100, 1), word('87,312', 110, 100, 1)])).toMatchObject([
      { key: 'views', value: 87_312, shown: '87,312' },
    ]);
  });

  it('does not take a figure from another card far to the side', () => {
    expect(readMetrics('instagram', [word('Followers', 40, 100, 1), word('6,051', 900, 160, 2)])).toEqual([]);
  });
});
