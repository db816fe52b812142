import {
  AUDIENCE_SIZE_OPTIONS,
  MONTHLY_REVENUE_OPTIONS,
  type OnboardingAnswers,
  onboardingSubmissionSchema,
} from '@common/onboarding';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planBlueprint } from './planner';
import type { PlayId } from './play';
import { PLAYS } from './plays';
import { type CreatorFigures, incomeOf, projectPlan } from './projection';

/** Nothing answered: what an empty questionnaire parses to. */
const unanswered: OnboardingAnswers = onboardingSubmissionSchema.parse({});
const noFigures: CreatorFigures = {
  followers: null,
  monthlyViews: null,
  monthlyIncome: null,
  incomeMonths: 0,
  sources: [],
};

describe('the projection, worked by hand (docs/scoring.md "Projected revenue")', () => {
  it('gives a £3,900-a-month creator a new list and a £9–£29 product: £900–£3,900, not £900–£14,800', () => {
    const answers = { ...unanswered, audienceSize: '50k-100k', monthlyRevenue: '1000-5000' } as const;
    const figures = { ...noFigures, monthlyIncome: 3_900, incomeMonths: 3 };
    const plan = projectPlan(['email_list', 'digital_product'], answers, figures);
    // List: 100,000 × 10% reached × 1.95% sign up × 5% buy × £29 = £282.75 → £300; none before the
    // welcome emails.
    // Product: engaged 10% of 50,000–100,000; 2% × £9 = £900 to 5% × £29 = £14,500.
    expect(plan.perPlay).toEqual([
      { play: 'email_list', min: 0, max: 300 },
      { play: 'digital_product', min: 900, max: 14_500 },
    ]);
    // Summed, £900–£14,800: a first launch worth 3.8 months of income is not a plan; the top is capped
    // at the £3,900 the creator earns in a month now.
    expect(plan).toMatchObject({ min: 900, max: 3_900 });
  });

  it('counts synced followers and views over the brackets: two sponsorships at £20 per 1,000 views', () => {
    const figures = { ...noFigures, followers: 40_000, monthlyViews: 320_000 };
    // 320,000 views over 8 posts = 40,000 a post; 2 × 40 × £20 = £1,600. No deal is certain in 30 days.
    expect(projectPlan(['sponsorship_outreach'], unanswered, figures).perPlay).toEqual([
      { play: 'sponsorship_outreach', min: 0, max: 1_600 },
    ]);
  });

  it('promises nothing at the low end to a creator earning nothing, however large the audience', () => {
    const answers = { ...unanswered, audienceSize: '100k+', monthlyRevenue: '0' } as const;
    const plan = projectPlan(['digital_product', 'coaching'], answers, null);
    expect(plan.min).toBe(0);
    expect(plan.max).toBeGreaterThan(0);
  });

  it('caps a £3,000-a-month creator (bracket £1,000–£5,000) at £1,000 at the low end', () => {
    const answers = { ...unanswered, audienceSize: '100k+', monthlyRevenue: '1000-5000' } as const;
    // Product alone: 100,000 × 10% × 2% × £9 = £1,800 before the cap.
    expect(projectPlan(['digital_product'], answers, null).min).toBe(1_000);
  });
});

const playIds = PLAYS.map((play) => play.id);
const figuresArbitrary: fc.Arbitrary<CreatorFigures | null> = fc.option(
  fc.record({
    followers: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
    monthlyViews: fc.option(fc.integer({ min: 0, max: 50_000_000 })),
    monthlyIncome: fc.option(fc.double({ min: 0, max: 200_000, noNaN: true })),
    incomeMonths: fc.integer({ min: 0, max: 3 }),
    sources: fc.constant([]),
  }),
);
const answersArbitrary = fc.record({
  audienceSize: fc.option(fc.constantFrom(...AUDIENCE_SIZE_OPTIONS.map((option) => option.value))),
  monthlyRevenue: fc.option(fc.constantFrom(...MONTHLY_REVENUE_OPTIONS.map((option) => option.value))),
});

describe('every projection', () => {
  it('never promises, at either end, more new income than the creator earns in a month now', () => {
    fc.assert(
      fc.property(
        answersArbitrary,
        figuresArbitrary,
        fc.uniqueArray(fc.constantFrom(...playIds), { minLength: 1, maxLength: 2 }),
        (brackets, figures, plays: PlayId[]) => {
          const answers = { ...unanswered, ...brackets };
          const plan = projectPlan(plays, answers, figures);
          const income = incomeOf(answers, figures);
          expect(plan.min).toBeLessThanOrEqual(income.low);
          // The high end: the monthly income, or the top of the answered bracket.
          const now = income.from === 'revenue' ? income.low : income.from === 'answer' ? income.high : 0;
          if (now > 0) expect(plan.max).toBeLessThanOrEqual(Math.max(plan.min, now));
          expect(plan.min).toBeGreaterThanOrEqual(0);
          expect(plan.min).toBeLessThanOrEqual(plan.max);
          expect(Number.isInteger(plan.min) && Number.isInteger(plan.max)).toBe(true);
          for (const play of plan.perPlay) expect(play.min).toBeLessThanOrEqual(play.max);
        },
      ),
    );
  });

  it('never shrinks when the synced audience grows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom(...playIds),
        (followers, more, play) => {
          const income = { monthlyIncome: 1_000_000, incomeMonths: 3 };
          const small = projectPlan([play], unanswered, { ...noFigures, ...income, followers });
          const large = projectPlan([play], unanswered, {
            ...noFigures,
            ...income,
            followers: followers + more,
          });
          expect(large.max).toBeGreaterThanOrEqual(small.max);
          expect(large.min).toBeGreaterThanOrEqual(small.min);
        },
      ),
    );
  });

  it('is the planner’s, and the plan says what it rests on', () => {
    const plan = planBlueprint({
      answers: { ...unanswered, audienceSize: '10k-50k', monthlyRevenue: '500-1000' },
      health: null,
    });
    expect(plan.projectedRevenue.min).toBeLessThanOrEqual(500);
    // A creator earning nothing is not told the range is within what they earn.
    const unearned = planBlueprint({
      answers: { ...unanswered, audienceSize: '10k-50k', monthlyRevenue: '0' },
      health: null,
    });
    expect(unearned.projectionBasis).not.toContain('more than you earn');
    expect(plan.projectionBasis).toContain('neither end is more than you earn in a month now');
    // The steps' own ranges add up to more than the top shown: the basis says both sums.
    const summed = plan.perPlay.reduce((sum, play) => sum + play.max, 0);
    if (summed > plan.projectedRevenue.max)
      expect(plan.projectionBasis).toContain(
        `Together that is up to £${summed.toLocaleString('en-GB')}; a first launch is planned on no more than you earn in a month now, so the top shown is £${plan.projectedRevenue.max.toLocaleString('en-GB')}.`,
      );
    expect(plan.projectionBasis).toMatch(
      /^Based on what you told us \(10,000–50,000 followers, £500–£1,000 a month in income\), and published conversion rates/,
    );
  });
});
