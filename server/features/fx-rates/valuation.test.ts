import { describe, expect, it } from 'vitest';
import { crossRate, poundsFrom } from './valuation';

describe('pounds through the euro', () => {
  it('values dollars at rate(GBP) / rate(USD), rounded half-up to the penny once', () => {
    // 1030.00 × 0.8457 / 1.1617 = 749.8243…
    expect(poundsFrom('1030.00', { pound: '0.8457', currency: '1.1617' })).toBe('749.82');
    expect(crossRate({ pound: '0.8457', currency: '1.1617' })).toBe('0.727985');
  });

  it('rounds an exact half penny up, and keeps large amounts exact', () => {
    // 0.05 × 0.5 / 1 = 0.025 → 0.03
    expect(poundsFrom('0.05', { pound: '0.5', currency: '1' })).toBe('0.03');
    expect(poundsFrom('10000000.00', { pound: '0.86408', currency: '1' })).toBe('8640800.00');
  });

  it('values euros at the pound rate alone and yen with its three-figure rate', () => {
    expect(poundsFrom('100.00', { pound: '0.86408', currency: '1' })).toBe('86.41');
    // 12345 × 0.8457 / 163.71 = 63.7722…
    expect(poundsFrom('12345.00', { pound: '0.8457', currency: '163.71' })).toBe('63.77');
    expect(crossRate({ pound: '0.8457', currency: '163.71' })).toBe('0.005166');
  });
});
