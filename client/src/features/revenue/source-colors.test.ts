import { REVENUE_SOURCES } from '@common/revenue';
import { describe, expect, it } from 'vitest';
import { SOURCE_COLORS } from './source-colors';

describe('SOURCE_COLORS', () => {
  it('gives every source a colour of its own', () => {
    const colours = REVENUE_SOURCES.map((source) => SOURCE_COLORS[source].toLowerCase());
    expect(colours.every((colour) => /^#[0-9a-f]{6}$/.test(colour))).toBe(true);
    expect(new Set(colours).size).toBe(REVENUE_SOURCES.length);
  });
});
