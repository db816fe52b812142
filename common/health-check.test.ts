import { describe, expect, it } from 'vitest';
import { dependencyStatus, riskBand } from './health-check';

describe('riskBand', () => {
  it('is high from 80, medium from 60 to 79, low below 60', () => {
    expect([100, 80, 79.9, 60, 59.9, 0].map(riskBand)).toEqual([
      'high',
      'high',
      'medium',
      'medium',
      'low',
      'low',
    ]);
  });
});

describe('dependencyStatus', () => {
  it('is critical from 80, a warning from 60, else good', () => {
    expect([80, 79, 60, 59].map(dependencyStatus)).toEqual(['critical', 'warning', 'warning', 'good']);
  });
});
