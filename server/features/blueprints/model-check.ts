import type { Plan } from './planner';

/**
 * What a model's wording of a plan may not do (decision 066): bring a figure the planner did not
 * state, or a stream of income the planner did not plan. It may reword and reorder; whatever else it
 * adds is not the creator's books, so the planner's own words stand instead.
 */

type Written = {
  title: string;
  description: string;
  steps: { title: string; description: string; tasks: string[] }[];
};

const stepsOf = (plan: Written) =>
  plan.steps.flatMap((step) => [step.title, step.description, ...step.tasks]).join('\n');
const textOf = (plan: Written) => [plan.title, plan.description, stepsOf(plan)].join('\n');

/** Every figure written: "£1,980", "37%", "1,000", "47.6" are 1980, 37, 1000 and 47.6. */
function figuresIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const figure = match[0].replaceAll(',', '').replace(/\.0+$/, '');
    found.add(figure);
  }
  return found;
}

/** The weeks of a 30-day plan may be numbered and named whatever the planner wrote. */
const PLAN_FIGURES = ['1', '2', '3', '4', '30'];

/** Streams of income by the words that name them; one the planner's text never names is a stream added. */
export const STREAM_WORDS: readonly { stream: string; words: RegExp }[] = [
  { stream: 'a membership', words: /\b(patreon|memberships?|members-only|ko-fi)\b/i },
  { stream: 'an email list', words: /\b(email list|newsletter|mailing list)\b/i },
  { stream: 'a digital product', words: /\b(digital products?|presets?|templates?|e-?books?)\b/i },
  { stream: 'a course', words: /\bcourses?\b/i },
  { stream: 'coaching', words: /\b(coaching|one-to-one|1:1)\b/i },
  { stream: 'merchandise', words: /\b(merch|merchandise)\b/i },
  { stream: 'affiliate links', words: /\baffiliate\b/i },
  { stream: 'sponsorships', words: /\b(sponsor\w*|brand deals?)\b/i },
  { stream: 'paid talks', words: /\b(speaking|paid talks?|keynotes?)\b/i },
];

/** Why the model's wording cannot stand, or null when it only rewords and reorders the planner's plan. */
export function departureFrom(plan: Plan, written: Written): string | null {
  const planned = textOf(plan);
  const allowed = new Set([...figuresIn(planned), ...PLAN_FIGURES]);
  const wording = textOf(written);
  const invented = [...figuresIn(wording)].filter((figure) => !allowed.has(figure));
  if (invented.length > 0)
    return `The model’s plan states figures the planner did not: ${invented.join(', ')}`;
  // The plan's description may name the streams the creator already has ("this plan adds to them");
  // its weeks name only what they build, so a week that names another stream adds work for it.
  const plannedSteps = stepsOf(plan);
  const writtenSteps = stepsOf(written);
  const added = STREAM_WORDS.filter(
    ({ words }) =>
      (words.test(writtenSteps) && !words.test(plannedSteps)) ||
      (words.test(wording) && !words.test(planned)),
  );
  if (added.length > 0) {
    return `The model’s plan adds income the planner did not plan: ${added.map(({ stream }) => stream).join(', ')}`;
  }
  return null;
}
