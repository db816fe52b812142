import { describe, expect, it } from 'vitest';
import { currentWeek } from './blueprints';

describe('currentWeek', () => {
  it('is floor(progress/25)+1, never past week 4', () => {
    expect([0, 24, 25, 49, 50, 75, 99, 100].map(currentWeek)).toEqual([1, 1, 2, 2, 3, 4, 4, 4]);
  });
});
