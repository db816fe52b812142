import { describe, expect, it } from 'vitest';
import type { OcrWord } from '../../integrations/ocr/reader';
import { figureIn } from './read-screen';

/** Words of a closer look: [text, line, x0, height]. */
const looked = (...words: [string, number, number, number][]): OcrWord[] =>
  words.map(([text, line, x0, height]) => ({
    text,
    confidence: 80,
    x0,
    x1: x0 + text.length * 20,
    y0: line * 100,
    y1: line * 100 + height,
    line,
  }));

describe('a figure read again closer', () => {
  it('is read from the box’s tallest line, not with the small change printed under it', () => {
    const words = looked(
      ['45,6', 1, 10, 62],
      ['K', 1, 110, 62],
      ['+R', 2, 10, 22],
      ['§', 2, 60, 25],
      ['9.', 2, 90, 21],
    );
    expect(figureIn(words)?.figure.shown).toBe('45,6 K');
  });

  it('passes over a caption before the figure', () => {
    expect(figureIn(looked(['Views', 1, 10, 30], ['87,312', 1, 130, 30]))?.figure.value).toBe(87_312);
  });
});
