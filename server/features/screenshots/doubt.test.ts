import { describe, expect, it } from 'vitest';
import { CHECK_BELOW_CONFIDENCE, doubtOf } from './check';

const sure = { confidence: 96, statedChange: null, disputed: false };

describe('why a figure waits for the creator’s check', () => {
  it('counts a figure read surely, by a layout, at once', () => {
    expect(doubtOf(sure, true)).toBeNull();
  });

  it('doubts a figure two sure looks read differently, however sure the reading that won', () => {
    expect(doubtOf({ ...sure, disputed: true }, true)).toBe('disputed');
  });

  it('doubts every figure of a screen no layout describes: its place is a guess', () => {
    expect(doubtOf(sure, false)).toBe('unplaced');
  });

  it('doubts a reading OCR was unsure of, and a stated fall deep enough to raise an alert', () => {
    expect(doubtOf({ ...sure, confidence: CHECK_BELOW_CONFIDENCE - 1 }, true)).toBe('unsure');
    expect(doubtOf({ ...sure, confidence: CHECK_BELOW_CONFIDENCE }, true)).toBeNull();
    expect(doubtOf({ ...sure, statedChange: -35 }, true)).toBe('fall');
    expect(doubtOf({ ...sure, statedChange: -29 }, true)).toBeNull();
  });
});
