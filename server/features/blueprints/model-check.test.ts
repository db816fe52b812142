import { describe, expect, it } from 'vitest';
import { computeHealth } from '../health-check/engine';
import { toHealthFindings } from '../health-check/findings';
import { healthInputsOf, WALKTHROUGH_CREATOR } from '../health-check/test-support';
import { departureFrom } from './model-check';
import { planBlueprint } from './planner';

const health = computeHealth(healthInputsOf(WALKTHROUGH_CREATOR));
const plan = planBlueprint({
  answers: WALKTHROUGH_CREATOR.answers,
  health: { ...health, findings: toHealthFindings(health.findings) },
  figures: {
    followers: 347_000,
    monthlyViews: null,
    monthlyIncome: 5_347,
    incomeMonths: 3,
    sources: WALKTHROUGH_CREATOR.lines.map((line) => line.source),
  },
});
const copy = () => structuredClone({ title: plan.title, description: plan.description, steps: plan.steps });

describe('a model may reword and reorder the planner’s plan, and nothing more', () => {
  it('lets a plan reworded and reordered stand', () => {
    const written = copy();
    written.title = 'A month to stop one agency holding your income';
    written.steps[1]!.tasks.reverse();
    written.steps[0]!.description = 'Northlight Creator Agency brings you £1,980 a month: 37% of everything.';
    expect(departureFrom(plan, written)).toBeNull();
  });

  it('refuses a figure the planner did not state', () => {
    const written = copy();
    written.steps[1]!.tasks[2] = 'Agree one direct deal worth at least £1,500 with a new brand';
    expect(departureFrom(plan, written)).toBe('The model’s plan states figures the planner did not: 1500');
  });

  it('refuses a week for a stream the planner did not plan, one he already runs included', () => {
    const written = copy();
    written.steps[2]!.tasks.push('Launch a Patreon tier for your most loyal viewers');
    expect(departureFrom(plan, written)).toBe(
      'The model’s plan adds income the planner did not plan: a membership',
    );
    const listed = copy();
    listed.description = `${listed.description} Start a newsletter too.`;
    expect(departureFrom(plan, listed)).toBe(
      'The model’s plan adds income the planner did not plan: an email list',
    );
  });
});
