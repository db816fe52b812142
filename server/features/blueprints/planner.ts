import type { Platform } from '@common/creator-platforms';
import { riskBand } from '@common/health-check';
import { type PlanBooks, planBooks } from './books';
import { booksSentence, booksTasks } from './books-wording';
import type { PlannerHealth, PlannerInputs } from './planner-inputs';
import type { Play, PlayContext, PlayId, Weakness } from './play';
import { choosePlays, existingStreams, rankWeaknesses, weaknessSeverities } from './play-choice';
import { audienceOf, PLAY_ARITHMETIC, type PlayProjection, projectPlan } from './projection';
import {
  audienceAnswer,
  audiencePhrase,
  dependencySentence,
  existingSentence,
  incomePhrase,
  nichePhrase,
  platformLabel,
  playsSentence,
  postWords,
  pounds,
} from './wording';

export type PlannedStep = { week: number; title: string; description: string; tasks: string[] };

export type Plan = {
  title: string;
  description: string;
  steps: PlannedStep[];
  projectedRevenue: { min: number; max: number };
  /** What the range rests on, in words, for the screen. */
  projectionBasis: string;
  perPlay: PlayProjection[];
  /** The plays chosen, in the order the weeks take them. */
  plays: PlayId[];
  /** The axes from weakest to strongest, as the plan ranked them. */
  weaknesses: Weakness[];
};

const FOCUS_PLATFORMS: readonly Platform[] = ['youtube', 'instagram', 'tiktok'];

const WEAKNESS_SENTENCES: Record<Weakness, (health: PlannerHealth | null) => string> = {
  dependency: (health) =>
    health
      ? dependencySentence(health.algorithmDependency)
      : 'For most creators, platform algorithms decide most of their income.',
  diversification: (health) => {
    if (!health) return 'For most creators, too much income comes from too few streams.';
    const score = Math.round(health.diversificationScore);
    return score < 50
      ? `Your diversification score is ${score}/100: too much of your income comes from too few streams.`
      : `Your diversification score is ${score}/100: your income is spread, and one more stream spreads it further.`;
  },
  platform_risk: (health) => {
    if (!health) return 'One platform holding most of a creator’s reach is the biggest risk.';
    const score = Math.round(health.platformRiskScore);
    const band = riskBand(score);
    return band === 'high'
      ? `Your platform risk is ${score}/100: one platform holds most of your reach.`
      : band === 'medium'
        ? `Your platform risk is ${score}/100: much of your reach sits on one platform.`
        : `Your platform risk is ${score}/100: your reach is spread, and owning some of it keeps it that way.`;
  },
  resilience: (health) => {
    if (!health) return 'Few creators own a way to reach their audience.';
    const score = Math.round(health.engagementResilienceScore);
    return score < 50
      ? `Your resilience score is ${score}/100: you have few ways to reach your audience that you own.`
      : `Your resilience score is ${score}/100: you own some ways to reach your audience, and more make it sturdier.`;
  },
};

function playContext(inputs: PlannerInputs, hasEmailList: boolean, books: PlanBooks | null): PlayContext {
  const { answers } = inputs;
  const primary = answers?.primaryPlatform ?? answers?.platforms[0] ?? null;
  const used = new Set(answers?.platforms ?? []);
  const other =
    FOCUS_PLATFORMS.find((platform) => platform !== primary && !used.has(platform)) ??
    answers?.platforms.find((platform) => platform !== primary) ??
    FOCUS_PLATFORMS.find((platform) => platform !== primary)!;
  const niche = nichePhrase(answers?.contentNiche);
  return {
    audienceFor: niche ? `people who come to you for ${niche}` : 'your followers',
    topic: niche ?? 'your subject',
    platform: primary ? platformLabel(primary) : 'social media',
    otherPlatform: platformLabel(other),
    audience: audiencePhrase(audienceOf(answers, inputs.figures ?? null)),
    ...postWords(primary),
    hasEmailList,
    books,
    hasSponsors: existingStreams(inputs).has('sponsorships'),
  };
}

const REVIEW_TASK = 'Review the month: compare revenue by source with last month in your revenue tracker';

/** "email list £0–£2,850 (followers × 1.95% sign up × 5% buy × £29)": each play's range and its arithmetic. */
function arithmeticSentence(plays: readonly Play[], projection: ReturnType<typeof projectPlan>): string {
  const parts = projection.perPlay.map((range, index) => {
    const play = plays[index]!;
    // Mid-sentence, so in lower case ("merch drop £0–£500"), never an onboarding option's own label.
    const name = `${play.name.charAt(0).toLowerCase()}${play.name.slice(1)}`;
    return `${name} ${pounds(range.min)}–${pounds(range.max)} (${PLAY_ARITHMETIC[range.play]})`;
  });
  return `${parts.join('; ')}.`;
}

function basisSentence(
  inputs: PlannerInputs,
  projection: ReturnType<typeof projectPlan>,
  plays: readonly Play[],
): string {
  const { audience, income } = projection;
  // What the creator told us is said once, together; what the app read is said as such.
  const told: string[] = [];
  const read: string[] = [];
  if (audience.from === 'synced') read.push(`${audiencePhrase(audience)} on your connected platforms`);
  else if (audience.from === 'answer') told.push(audienceAnswer(audience));
  else read.push('an audience of under 1,000 (you have not told us yours)');
  const earns = incomePhrase(income, inputs.figures?.incomeSpan);
  if (income.from === 'answer') told.push(earns);
  else read.push(earns);
  if (told.length > 0) read.push(`what you told us (${told.join(', ')})`);
  // The words match the numbers: nothing here is certain, and a first launch is capped at a month's income.
  const summedMax = projection.perPlay.reduce((sum, play) => sum + play.max, 0);
  // Where the steps add up to more than a first launch is planned on, the screen says so with both sums.
  const capped =
    summedMax > projection.max
      ? ` Together that is up to ${pounds(summedMax)}; a first launch is planned on no more than you earn in a month now, so the top shown is ${pounds(projection.max)}.`
      : '';
  // A low end of £0 is said as such: in its first 30 days nothing the plan starts is certain to pay.
  const zero =
    projection.min === 0
      ? ' The low end is £0: a cautious month, in which no sale or deal lands before the month is out.'
      : '';
  return `Based on ${read.join(', ')}, and published conversion rates for each step: ${arithmeticSentence(plays, projection)}${capped}${zero} The range is what the plan could bring if it goes well${projection.ceiling === null ? '' : '; neither end is more than you earn in a month now'}.`;
}

/**
 * The deterministic 30-day plan: the two plays that best mend the creator's weakest axes, each set up
 * in one week and launched in the next. Same inputs, same plan.
 */
export function planBlueprint(inputs: PlannerInputs): Plan {
  const severities = weaknessSeverities(inputs);
  const weaknesses = rankWeaknesses(severities);
  const [first, second] = choosePlays(inputs, severities);
  const books = planBooks(inputs.health?.findings);
  const before = playContext(inputs, false, books);
  const after = playContext(inputs, first.id === 'email_list', books);
  const weeks = [first.setup(before), first.launch(before), second.setup(after), second.launch(after)];
  // A fall under way is seen to first; money in other currencies is protected before the review.
  const { first: firstTask, beforeReview } = booksTasks(books);
  const steps = weeks.map((week, index) => ({
    week: index + 1,
    ...week,
    tasks:
      index === 0
        ? [...firstTask, ...week.tasks].slice(0, 6)
        : index === 3
          ? [...week.tasks.slice(0, 6 - 1 - beforeReview.length), ...beforeReview, REVIEW_TASK]
          : week.tasks.slice(0, 6),
  }));
  const weakest = weaknesses[0]!;
  const projection = projectPlan([first.id, second.id], inputs.answers, inputs.figures ?? null, books);
  const lead = booksSentence(books, [first.id, second.id]) ?? WEAKNESS_SENTENCES[weakest](inputs.health);
  return {
    title: `Your 30-day plan: ${first.name} and ${second.name.charAt(0).toLowerCase()}${second.name.slice(1)}`,
    description: `${lead} ${playsSentence(first, second)}` + existingSentence(existingStreams(inputs)),
    steps,
    projectedRevenue: { min: projection.min, max: projection.max },
    projectionBasis: basisSentence(inputs, projection, [first, second]),
    perPlay: projection.perPlay,
    plays: [first.id, second.id],
    weaknesses,
  };
}
