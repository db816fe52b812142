import { type OnboardingAnswers, PLATFORM_OPTIONS, type Platform } from '@common/onboarding';
import type { RevenueSource } from '@common/revenue';
import { PLAY_SOURCES } from './play-sources';
import { PLAYS, type Play, type PlayContext, type PlayId, type Weakness } from './plays';

/** The health check's scores the planner reads (0–100 each). */
export type PlannerHealth = {
  platformRiskScore: number;
  diversificationScore: number;
  engagementResilienceScore: number;
  algorithmDependency: number;
};

export type PlannerInputs = {
  answers: OnboardingAnswers | null;
  health: PlannerHealth | null;
  /** Sources the creator recorded revenue from lately: plays they already run are not suggested. */
  recordedSources?: readonly RevenueSource[];
};

export type PlannedStep = { week: number; title: string; description: string; tasks: string[] };

export type Plan = {
  title: string;
  description: string;
  steps: PlannedStep[];
  projectedRevenue: { min: number; max: number };
  /** The plays chosen, in the order the weeks take them. */
  plays: PlayId[];
  /** The axes from weakest to strongest, as the plan ranked them. */
  weaknesses: Weakness[];
};

/** docs/scoring.md "Blueprint": shown when neither audience nor revenue is known. */
export const DEFAULT_PROJECTED_REVENUE = { min: 2_400, max: 4_800 } as const;

/** Midpoints of the onboarding brackets, in followers and pounds a month. */
const AUDIENCE_MIDPOINT: Record<NonNullable<OnboardingAnswers['audienceSize']>, number> = {
  '0-1k': 500,
  '1k-5k': 3_000,
  '5k-10k': 7_500,
  '10k-50k': 30_000,
  '50k-100k': 75_000,
  '100k+': 150_000,
};
const AUDIENCE_FLOOR: Record<NonNullable<OnboardingAnswers['audienceSize']>, number> = {
  '0-1k': 0,
  '1k-5k': 1_000,
  '5k-10k': 5_000,
  '10k-50k': 10_000,
  '50k-100k': 50_000,
  '100k+': 100_000,
};
const REVENUE_MIDPOINT: Record<NonNullable<OnboardingAnswers['monthlyRevenue']>, number> = {
  '0': 0,
  '1-500': 250,
  '500-1000': 750,
  '1000-5000': 3_000,
  '5000-10000': 7_500,
  '10000+': 15_000,
};

/** Plays that answer each biggest challenge most directly. */
const CHALLENGE_PLAYS: Record<NonNullable<OnboardingAnswers['biggestChallenge']>, readonly PlayId[]> = {
  algorithm: ['email_list', 'cross_platform', 'digital_product'],
  start: ['affiliate_programmes', 'digital_product', 'email_list'],
  time: ['affiliate_programmes', 'digital_product', 'cross_platform'],
  audience: ['cross_platform', 'email_list', 'sponsorship_outreach'],
  conversion: ['email_list', 'digital_product', 'coaching'],
  diversify: ['cross_platform', 'digital_product', 'membership'],
};

const WEAKNESS_ORDER: readonly Weakness[] = ['dependency', 'diversification', 'platform_risk', 'resilience'];
/** A play mends its first-listed weakness most. */
const MEND_STRENGTH = [3, 2, 1];
/** Worth about one strongly mended weak axis: the creator's own view of their problem counts. */
const CHALLENGE_BONUS = 1;
/** Per day a play takes to pay beyond the creator's timeframe, and per weekly hour beyond 4 when time is short. */
const LATE_PENALTY_PER_DAY = 0.05;
const HOURS_PENALTY_PER_HOUR = 0.2;
/** For the second play, the axis the first mends most counts this much of its severity. */
const MENDED_SEVERITY_FACTOR = 0.5;
const FOCUS_PLATFORMS: readonly Platform[] = ['youtube', 'instagram', 'tiktok'];

const WEAKNESS_SENTENCES: Record<Weakness, (health: PlannerHealth | null) => string> = {
  dependency: (health) =>
    health
      ? `Your algorithm dependency is ${Math.round(health.algorithmDependency)}%: most of your income rides on platform algorithms.`
      : 'Most creators’ income rides on platform algorithms.',
  diversification: (health) =>
    health
      ? `Your diversification score is ${Math.round(health.diversificationScore)}/100: too much of your income comes from too few streams.`
      : 'Too much creator income comes from too few streams.',
  platform_risk: (health) =>
    health
      ? `Your platform risk is ${Math.round(health.platformRiskScore)}/100: one platform holds most of your reach.`
      : 'One platform holding most of your reach is the biggest risk.',
  resilience: (health) =>
    health
      ? `Your resilience score is ${Math.round(health.engagementResilienceScore)}/100: you have few ways to reach your audience that you own.`
      : 'Few creators own a way to reach their audience.',
};

export type Severities = Record<Weakness, number>;

/** Without a health check, the axes' assumed severities, weakest first. */
const ASSUMED_SEVERITIES = [0.8, 0.6, 0.4, 0.2];

/**
 * How weak each axis is, 0–1: from the health check (dependency and platform risk as they are,
 * diversification and resilience inverted), or else assumed from the answers' biggest challenge.
 */
export function weaknessSeverities(inputs: PlannerInputs): Severities {
  const { health, answers } = inputs;
  if (health) {
    return {
      dependency: health.algorithmDependency / 100,
      diversification: (100 - health.diversificationScore) / 100,
      platform_risk: health.platformRiskScore / 100,
      resilience: (100 - health.engagementResilienceScore) / 100,
    };
  }
  const first: Weakness | undefined =
    answers?.biggestChallenge === 'algorithm'
      ? 'platform_risk'
      : answers?.biggestChallenge === 'diversify'
        ? 'diversification'
        : undefined;
  const order = first ? [first, ...WEAKNESS_ORDER.filter((weakness) => weakness !== first)] : WEAKNESS_ORDER;
  return Object.fromEntries(
    order.map((weakness, rank) => [weakness, ASSUMED_SEVERITIES[rank]!]),
  ) as Severities;
}

/** Weakest axis first (ties in the fixed order). */
export function rankWeaknesses(severities: Severities): Weakness[] {
  return [...WEAKNESS_ORDER].sort((a, b) => severities[b] - severities[a]);
}

function audienceFloor(answers: OnboardingAnswers | null): number {
  return answers?.audienceSize ? AUDIENCE_FLOOR[answers.audienceSize] : 0;
}

/** Whether the creator already does this, by their answers or by the revenue they record. */
function isAlreadyRun(play: Play, inputs: PlannerInputs): boolean {
  if (play.existingStream && inputs.answers?.currentStreams.includes(play.existingStream)) return true;
  const recorded = inputs.recordedSources ?? [];
  return (PLAY_SOURCES[play.id] ?? []).some((source) => recorded.includes(source));
}

/**
 * The plays that can work for this creator now and that they do not already run; should fewer than
 * two be left (a small creator already running most of them), the ones they run are offered again to
 * grow rather than to start.
 */
function eligiblePlays(inputs: PlannerInputs): Play[] {
  const reachable = PLAYS.filter((play) => audienceFloor(inputs.answers) >= play.minAudience);
  const fresh = reachable.filter((play) => !isAlreadyRun(play, inputs));
  return fresh.length >= 2 ? fresh : [...fresh, ...reachable.filter((play) => !fresh.includes(play))];
}

/** How well a play fits: what it mends (by severity), the challenge, the timeframe, the time it takes. */
export function scorePlay(play: Play, severities: Severities, answers: OnboardingAnswers | null): number {
  let score = 0;
  play.mends.forEach((weakness, index) => {
    score += severities[weakness] * (MEND_STRENGTH[index] ?? 0);
  });
  if (answers?.biggestChallenge && CHALLENGE_PLAYS[answers.biggestChallenge].includes(play.id)) {
    score += CHALLENGE_BONUS;
  }
  const timeframe = answers?.goalTimeframe;
  if (timeframe === 'asap') score -= Math.max(0, play.daysToFirstRevenue - 14) * LATE_PENALTY_PER_DAY;
  if (timeframe === '30days') score -= Math.max(0, play.daysToFirstRevenue - 30) * LATE_PENALTY_PER_DAY;
  if (answers?.biggestChallenge === 'time')
    score -= Math.max(0, play.weeklyHours - 4) * HOURS_PENALTY_PER_HOUR;
  return score;
}

const platformLabel = (platform: Platform) =>
  PLATFORM_OPTIONS.find((option) => option.value === platform)?.label ?? platform;

function playContext(answers: OnboardingAnswers | null): PlayContext {
  const primary = answers?.primaryPlatform ?? answers?.platforms[0] ?? null;
  const used = new Set(answers?.platforms ?? []);
  const other =
    FOCUS_PLATFORMS.find((platform) => platform !== primary && !used.has(platform)) ??
    answers?.platforms.find((platform) => platform !== primary) ??
    FOCUS_PLATFORMS.find((platform) => platform !== primary)!;
  const niche = answers?.contentNiche?.trim();
  return {
    niche: niche || 'online',
    platform: primary ? platformLabel(primary) : 'social',
    otherPlatform: platformLabel(other),
    audience: answers?.audienceSize ? `your ${answers.audienceSize} followers` : 'your followers',
  };
}

const roundTo50 = (pounds: number) => Math.round(pounds / 50) * 50;

/**
 * docs/scoring.md "Blueprint": 0.15 × audience (about 0.5% of followers buying at £30) plus 0.10 ×
 * monthly revenue (a new stream's first month), from the brackets' midpoints; the range is that to twice
 * that. Unknown on both counts: £2,400–£4,800.
 */
export function projectRevenue(answers: OnboardingAnswers | null): { min: number; max: number } {
  const audience = answers?.audienceSize ? AUDIENCE_MIDPOINT[answers.audienceSize] : null;
  const revenue = answers?.monthlyRevenue ? REVENUE_MIDPOINT[answers.monthlyRevenue] : null;
  if (audience === null && revenue === null) return { ...DEFAULT_PROJECTED_REVENUE };
  const min = Math.max(50, roundTo50(0.15 * (audience ?? 0) + 0.1 * (revenue ?? 0)));
  return { min, max: min * 2 };
}

/** The best play for these severities (ties keep the library's order, so the plan is stable). */
function bestPlay(candidates: readonly Play[], severities: Severities, answers: OnboardingAnswers | null) {
  let best: { play: Play; score: number } | undefined;
  for (const play of candidates) {
    const score = scorePlay(play, severities, answers);
    if (!best || score > best.score) best = { play, score };
  }
  return best?.play;
}

/**
 * Two plays that complement each other: the first mends the weakest axes best; for the second, the
 * axis the first mends most counts half, so the plan does not spend both fortnights on one problem.
 */
export function choosePlays(inputs: PlannerInputs, severities: Severities): [Play, Play] {
  const candidates = eligiblePlays(inputs);
  const first = bestPlay(candidates, severities, inputs.answers);
  const mended = first?.mends[0];
  const eased = mended
    ? { ...severities, [mended]: severities[mended] * MENDED_SEVERITY_FACTOR }
    : severities;
  const second = bestPlay(
    candidates.filter((play) => play !== first),
    eased,
    inputs.answers,
  );
  // Five plays need no audience, so eligiblePlays always leaves at least two.
  if (!first || !second) throw new Error('The play library left fewer than two plays');
  return [first, second];
}

const REVIEW_TASK = 'Review the month: compare revenue by source with last month in your revenue tracker';

/**
 * The deterministic 30-day plan: the two plays that best mend the creator's weakest axes, each set up
 * in one week and launched in the next. Same inputs, same plan.
 */
export function planBlueprint(inputs: PlannerInputs): Plan {
  const severities = weaknessSeverities(inputs);
  const weaknesses = rankWeaknesses(severities);
  const [first, second] = choosePlays(inputs, severities);
  const context = playContext(inputs.answers);
  const weeks = [first.setup(context), first.launch(context), second.setup(context), second.launch(context)];
  const steps = weeks.map((week, index) => ({
    week: index + 1,
    ...week,
    tasks: index === 3 ? [...week.tasks, REVIEW_TASK].slice(0, 6) : week.tasks.slice(0, 6),
  }));
  const weakest = weaknesses[0]!;
  return {
    title: `Your 30-day plan: ${first.name} and ${second.name.toLowerCase()}`,
    description: `${WEAKNESS_SENTENCES[weakest](inputs.health)} Over four weeks you set up and launch ${first.phrase}, then ${second.phrase}: income that no algorithm can switch off.`,
    steps,
    projectedRevenue: projectRevenue(inputs.answers),
    plays: [first.id, second.id],
    weaknesses,
  };
}
