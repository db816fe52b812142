import { describe, expect, it } from 'vitest';
import { glyphsOf, withSeparators } from './points';

describe('withSeparators', () => {
  it('puts back a point or comma the pixels show between two glyphs', () => {
    expect(withSeparators('24K', ['glyph', '.', 'glyph', 'glyph'])).toBe('2.4K');
    expect(withSeparators('31K', ['glyph', ',', 'glyph', 'glyph'])).toBe('3,1K');
    expect(withSeparators('12345', ['glyph', 'glyph', ',', 'glyph', 'glyph', 'glyph'])).toBe('12,345');
  });

  it('leaves the reading as it was when the marks do not match its characters one for one', () => {
    expect(withSeparators('24K', ['glyph', 'glyph', '.', 'glyph', 'glyph', 'glyph'])).toBe('24K');
    expect(withSeparators('814', ['glyph', ',', 'glyph', 'glyph', 'glyph'])).toBe('814');
  });

  it('takes one glyph more after a figure ending in its letter for an icon beside it', () => {
    expect(withSeparators('27M', ['glyph', ',', 'glyph', 'glyph', 'glyph'])).toBe('2,7M');
  });

  it('maps the digits only, a German or Spanish word after them kept', () => {
    expect(withSeparators('1171 Tsd.', ['glyph', 'glyph', 'glyph', ',', 'glyph'])).toBe('117,1 Tsd.');
    expect(glyphsOf('38,4 mil')).toEqual({ drawn: '384', tail: 'mil' });
  });
});
