import { describe, expect, it } from 'vitest';
import { countersForTotal, freeSpotsState, lifetimeSpotsState, tierForPosition } from './waitlist';

describe('tierForPosition', () => {
  it('gives 1–50 free access, 51–550 lifetime for £5, and queues everyone after', () => {
    expect([1, 50, 51, 550, 551, 10_000].map(tierForPosition)).toEqual([
      'free',
      'free',
      'lifetime_paid',
      'lifetime_paid',
      'waitlist',
      'waitlist',
    ]);
  });
});

describe('countersForTotal', () => {
  it.each([
    [0, 50, 500],
    [49, 1, 500],
    [50, 0, 500],
    [51, 0, 499],
    [549, 0, 1],
    [550, 0, 0],
    [551, 0, 0],
  ])('after %i signups: %i free and %i lifetime spots left', (total, freeSpots, lifetimeSpots) => {
    expect(countersForTotal(total)).toEqual({ freeSpots, lifetimeSpots, totalSignups: total });
  });
});

describe('spot states', () => {
  it('calls free spots gone at 0 and lifetime spots low at 50 or fewer', () => {
    expect([1, 0].map(freeSpotsState)).toEqual(['available', 'gone']);
    expect([51, 50, 0].map(lifetimeSpotsState)).toEqual(['available', 'low', 'low']);
  });
});
