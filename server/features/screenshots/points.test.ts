import { describe, expect, it } from 'vitest';
import { withSeparators } from './points';

describe('withSeparators', () => {
  it('puts back a point or comma the pixels show between two glyphs', () => {
    expect(withSeparators('24K', ['glyph', '.', 'glyph', 'glyph'])).toBe('2.4K');
    expect(withSeparators('31K', ['glyph', ',', 'glyph', 'glyph'])).toBe('3,1K');
    expect(withSeparators('12345', ['glyph', 'glyph', ',', 'glyph', 'glyph', 'glyph'])).toBe('12,345');
  });

  it('leaves the reading as it was when the marks do not match its characters one for one', () => {
    expect(withSeparators('24K', ['glyph', '.', 'glyph', 'glyph', 'glyph'])).toBe('24K');
    expect(withSeparators('814', ['glyph', ',', 'glyph', 'glyph', 'glyph'])).toBe('814');
  });
});
