import { describe, expect, it } from 'vitest';
import { agreedChange, changeIn } from './stated-change';

describe('the change a screen states beside a figure', () => {
  it('is a percentage with its direction, from a sign, an arrow or the words after it', () => {
    expect(changeIn('↓ 35% vs previous 28 days')).toBe(-35);
    expect(changeIn('-3.8%')).toBe(-3.8);
    expect(changeIn('—-2.0%')).toBe(-2);
    expect(changeIn('+12.3% vs. previous 7 days')).toBe(12.3);
    expect(changeIn('38% more than usual')).toBe(38);
    expect(changeIn('8% less than previous 90 days')).toBe(-8);
    expect(changeIn('14 % mehr als üblich')).toBe(14);
    expect(changeIn('2 % weniger als üblich')).toBe(-2);
    expect(changeIn('+6,5 %')).toBe(6.5);
  });

  it('is no change without a direction, or with two that disagree', () => {
    expect(changeIn('42% from followers')).toBeNull();
    expect(changeIn('About the same as usual')).toBeNull();
    expect(changeIn('Fewer than previous')).toBeNull();
    expect(changeIn('12.3%')).toBeNull();
    expect(changeIn('+ 4% less than previous')).toBeNull();
    // A figure's own digits before a "%" are not a change's ("1,204 41%").
    expect(changeIn('v1.2%')).toBeNull();
  });

  it('is kept from two closer looks only when they read the same percentage and no other way', () => {
    const look = (size: number, direction: -1 | 0 | 1) => ({ size, direction });
    expect(agreedChange([look(35, -1), look(35, -1)])).toBe(-35);
    // One look lost the arrow: the other's direction stands.
    expect(agreedChange([look(21, 1), look(21, 0)])).toBe(21);
    // "−7.1%" read once as "−71%": the looks disagree, so neither is kept.
    expect(agreedChange([look(71, -1), look(7.1, -1)])).toBeNull();
    expect(agreedChange([look(6.3, 1), look(6.3, -1)])).toBeNull();
    expect(agreedChange([look(12, 0), look(12, 0)])).toBeNull();
    expect(agreedChange([look(12, 1), null])).toBeNull();
  });
});
