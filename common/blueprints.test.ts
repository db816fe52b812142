import { describe, expect, it } from 'vitest';
import { currentWeek, progressOf } from './blueprints';

describe('currentWeek', () => {
  it('is floor(progress/25)+1, never past week 4', () => {
    expect([0, 24, 25, 49, 50, 75, 99, 100].map(currentWeek)).toEqual([1, 1, 2, 2, 3, 4, 4, 4]);
  });
});

describe('progressOf', () => {
  const plan = (...sizes: number[]) =>
    sizes.map((size) => ({ tasks: Array.from({ length: size }, (_, i) => `t${i}`) }));
  const all = (size: number) => [...Array(size).keys()];

  it('counts each week as 25 and each tick as its share of its week', () => {
    const steps = plan(4, 3, 5, 4);
    expect(progressOf(steps, [[0, 1], [], [], []])).toBe(12);
    expect(progressOf(steps, [all(4), [], [], []])).toBe(25);
    // A week of three ticked whole is 25, not 24 from three thirds.
    expect(progressOf(steps, [all(4), all(3), [], []])).toBe(50);
    expect(progressOf(steps, [all(4), all(3), [0], []])).toBe(55);
    expect(progressOf(steps, [all(4), all(3), all(5), [0, 1, 2]])).toBe(93);
    expect(progressOf(steps, [all(4), all(3), all(5), all(4)])).toBe(100);
  });

  it('never reaches 100 while a task is left, whatever the weeks’ sizes', () => {
    const steps = plan(1, 1, 1, 40);
    expect(progressOf(steps, [all(1), all(1), all(1), all(39)])).toBe(99);
  });
});
