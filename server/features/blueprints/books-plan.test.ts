import { describe, expect, it } from 'vitest';
import { computeHealth } from '../health-check/engine';
import { toHealthFindings } from '../health-check/findings';
import {
  CONTRASTING_CREATORS,
  type CreatorBooks,
  healthInputsOf,
  WALKTHROUGH_CREATOR,
} from '../health-check/test-support';
import { planBlueprint } from './planner';
import type { PlannerInputs } from './planner-inputs';

/** The planner's inputs for these books: the health check's scores and findings, and the figures. */
function plannerInputsOf(books: CreatorBooks): PlannerInputs {
  const health = computeHealth(healthInputsOf(books));
  const followers = (books.audience ?? []).reduce((sum, each) => sum + each.followers, 0);
  return {
    answers: books.answers,
    health: { ...health, findings: toHealthFindings(health.findings) },
    figures: {
      followers: followers || null,
      monthlyViews: null,
      monthlyIncome: health.monthlyRevenuePence / 100,
      incomeMonths: 3,
      incomeSpan: 'Aug–Oct',
      sources: [...new Set(books.lines.map((line) => line.source))].sort(),
    },
  };
}

const allTasks = (plan: ReturnType<typeof planBlueprint>) => plan.steps.flatMap((step) => step.tasks);

describe('a blueprint built from what the books show: the walkthrough’s creator', () => {
  const plan = planBlueprint(plannerInputsOf(WALKTHROUGH_CREATOR));

  it('spends the month on the agency’s share first, then the 137,000 followers who earn nothing', () => {
    expect(plan.plays).toEqual(['second_payer', 'untapped_audience']);
    expect(plan.description).toMatch(
      /^Northlight Creator Agency pays 37% of your income \(£1,980 a month\), and 137,000 followers on TikTok and Instagram earn you nothing\./,
    );
    expect(plan.steps.map((step) => step.title)).toEqual([
      'Line up deals beside Northlight Creator Agency',
      'Pitch direct deals',
      'Get TikTok and Instagram ready for brands',
      'Sell your first paid posts',
    ]);
  });

  it('makes each task one to do today, with its platform, offer and number', () => {
    const [week1, week2, , week4] = plan.steps;
    expect(week1!.tasks[0]).toMatch(/^First, the fall under way \(YouTube views are 5,200 a day below usual/);
    expect(week2!.tasks).toContain(
      'Agree one direct deal worth at least £990, half of what Northlight Creator Agency brings in a month',
    );
    expect(week4!.tasks).toContain(
      'Pitch five brands a TikTok post at about £192 (a tenth of your 96,000 followers at £20 per 1,000 views)',
    );
    expect(week4!.tasks.at(-2)).toBe(
      'Ask for your next deal in pounds, or set one day a month to convert: 47.6% of your income arrives in US dollars',
    );
    expect(week4!.tasks.at(-1)).toMatch(/^Review the month/);
    for (const step of plan.steps) expect(step.tasks.length).toBeLessThanOrEqual(6);
  });

  it('never asks for a step he has taken: no list he would start from nothing, no second home, no product', () => {
    const words = [plan.title, plan.description, ...plan.steps.map((s) => s.title), ...allTasks(plan)].join(
      ' ',
    );
    expect(words).not.toMatch(
      /second home|Set up your Instagram profile|start an email list|digital product/i,
    );
  });

  it('projects from published rates with a £0 low end, said as such', () => {
    // One direct deal: a tenth of 347,000 followers × £20 per 1,000 = £694 → £700; a post on each of
    // TikTok and Instagram: £192 + £82 = £274 → £300.
    expect(plan.perPlay).toEqual([
      { play: 'second_payer', min: 0, max: 700 },
      { play: 'untapped_audience', min: 0, max: 300 },
    ]);
    expect(plan.projectedRevenue).toEqual({ min: 0, max: 1_000 });
    expect(plan.projectionBasis).toContain('The low end is £0');
  });
});

describe('contrasting books, contrasting months', () => {
  it('one payer at 40%: a second source of deals, and no outreach from nothing', () => {
    const plan = planBlueprint(plannerInputsOf(CONTRASTING_CREATORS.onePayerAtForty));
    expect(plan.plays[0]).toBe('second_payer');
    expect(plan.plays).not.toContain('sponsorship_outreach');
  });

  it('a large TikTok audience earning nothing: paid posts there, and no repurposing', () => {
    const plan = planBlueprint(plannerInputsOf(CONTRASTING_CREATORS.largeTikTokUnpaid));
    expect(plan.plays[0]).toBe('untapped_audience');
    expect(plan.plays).not.toContain('cross_platform');
    expect(allTasks(plan)).toContain(
      'Pitch five brands a TikTok post at about £500 (a tenth of your 250,000 followers at £20 per 1,000 views)',
    );
  });

  it('half in dollars: the month ends by protecting it; a live fall is seen to first', () => {
    const dollars = planBlueprint(plannerInputsOf(CONTRASTING_CREATORS.halfInDollars));
    expect(dollars.steps[3]!.tasks.at(-2)).toMatch(/50\.0% of your income arrives in US dollars$/);
    const fall = planBlueprint(plannerInputsOf(CONTRASTING_CREATORS.liveFall));
    expect(fall.steps[0]!.tasks[0]).toMatch(/^First, the fall under way \(YouTube Ads revenue fell 45%\)/);
  });

  it('the diversified creator’s plan has none of the books’ plays or tasks', () => {
    const plan = planBlueprint(plannerInputsOf(CONTRASTING_CREATORS.diversified));
    expect(plan.plays).not.toContain('second_payer');
    expect(plan.plays).not.toContain('untapped_audience');
    expect(allTasks(plan).join(' ')).not.toMatch(/fall under way|in pounds/);
  });
});
