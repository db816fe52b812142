import { describe, expect, it } from 'vitest';
import { roundToCents } from './import-cells';

describe('a money cell with more decimals than pence', () => {
  it('is rounded once, half up (away from zero), to two decimals', () => {
    expect(['3.037', '3.034', '0.125', '0.995', '-1.005', '-1.004', '1460.5901'].map(roundToCents)).toEqual([
      { amount: '3.04', isRounded: true },
      { amount: '3.03', isRounded: true },
      { amount: '0.13', isRounded: true },
      { amount: '1.00', isRounded: true },
      { amount: '-1.01', isRounded: true },
      { amount: '-1.00', isRounded: true },
      { amount: '1460.59', isRounded: true },
    ]);
  });

  it('leaves pence and anything that is not a plain decimal as written', () => {
    expect(['12.34', ' 7 ', '£1.005', '1,234.567'].map(roundToCents)).toEqual([
      { amount: '12.34', isRounded: false },
      { amount: '7', isRounded: false },
      { amount: '£1.005', isRounded: false },
      { amount: '1,234.567', isRounded: false },
    ]);
  });
});
