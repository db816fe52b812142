import { describe, expect, it } from 'vitest';
import { describePlan, planCovers, planRequiredMessage, plansCovering, resolvePlan } from './plans';

describe('resolvePlan', () => {
  it('takes the highest of what the account holds', () => {
    expect(resolvePlan({ paid: 'blueprint', hasLifetimePlace: true, complimentary: null })).toEqual({
      plan: 'guardian',
      source: 'lifetime',
    });
    expect(resolvePlan({ paid: 'mastermind', hasLifetimePlace: true, complimentary: 'guardian' })).toEqual({
      plan: 'mastermind',
      source: 'paid',
    });
    expect(resolvePlan({ paid: 'none', hasLifetimePlace: false, complimentary: 'blueprint' })).toEqual({
      plan: 'blueprint',
      source: 'complimentary',
    });
    expect(resolvePlan({ paid: 'none', hasLifetimePlace: false, complimentary: null })).toEqual({
      plan: 'none',
      source: null,
    });
  });

  it('on a tie, names paid before lifetime before complimentary', () => {
    expect(resolvePlan({ paid: 'guardian', hasLifetimePlace: true, complimentary: 'guardian' }).source).toBe(
      'paid',
    );
    expect(resolvePlan({ paid: 'none', hasLifetimePlace: true, complimentary: 'guardian' }).source).toBe(
      'lifetime',
    );
  });
});

describe('entitlements', () => {
  it('each plan opens everything the cheaper ones do', () => {
    expect(plansCovering('fullBlueprint')).toEqual(['blueprint', 'guardian', 'mastermind']);
    expect(plansCovering('realTimeAlerts')).toEqual(['guardian', 'mastermind']);
    expect(plansCovering('strategyReview')).toEqual(['mastermind']);
    expect(planCovers('none', 'fullBlueprint')).toBe(false);
  });

  it('says which plan opens a feature, its price and where to get it', () => {
    expect(planRequiredMessage('bulletins')).toBe(
      'Algorithm-change bulletins: available with The Guardian (£29 per month). Choose it at /subscribe?plan=guardian.',
    );
    expect(describePlan({ plan: 'guardian', source: 'lifetime' })).toBe('Lifetime · The Guardian');
    expect(describePlan({ plan: 'none', source: null })).toBe('No plan yet');
  });
});
