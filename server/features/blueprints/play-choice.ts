import type { OnboardingAnswers } from '@common/onboarding';
import { BOOK_PLAYS } from './book-plays';
import { type PlanBooks, planBooks } from './books';
import type { PlannerInputs } from './planner-inputs';
import type { Play, PlayId, StreamTag, Weakness } from './play';
import { PLAY_SOURCES } from './play-sources';
import { PLAYS } from './plays';
import { audienceOf } from './projection';

/**
 * Which two plays a creator's plan takes: how weak each axis is, which plays they can start, and how
 * well each fits. `planner.ts` turns the two into the month's weeks and words.
 */

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

/**
 * Revenue sources that show a stream the creator already has. Platform payouts (ad revenue, creator
 * funds) are not streams a play would start.
 */
const SOURCE_STREAMS: Record<string, StreamTag> = {
  digital_products: 'product_sales',
  courses: 'course_coaching',
  coaching: 'course_coaching',
  affiliate_marketing: 'affiliate_marketing',
  merchandise: 'merchandise',
  speaking: 'speaking',
  instagram_sponsors: 'sponsorships',
};

/** The streams the creator's answers or revenue show they have. */
export function existingStreams(inputs: PlannerInputs): Set<StreamTag> {
  const streams = new Set<StreamTag>(inputs.answers?.currentStreams ?? []);
  for (const source of recordedSourcesOf(inputs)) {
    const stream = SOURCE_STREAMS[source];
    if (stream) streams.add(stream);
  }
  streams.delete('none_yet');
  return streams;
}

/** Sources the creator recorded revenue from lately. */
function recordedSourcesOf(inputs: PlannerInputs): string[] {
  return [...(inputs.recordedSources ?? []), ...(inputs.figures?.sources ?? [])];
}

/** Whether the creator already does this: by their answers, or by the revenue they record. */
function isAlreadyRun(play: Play, streams: Set<StreamTag>, recorded: readonly string[]): boolean {
  if (play.existingStream && streams.has(play.existingStream)) return true;
  return (PLAY_SOURCES[play.id] ?? []).some((source) => recorded.includes(source));
}

/**
 * The plays that can work for this creator now and that they do not already run; should fewer than
 * two be left (a small creator already running most of them), the ones they run are offered again to
 * grow rather than to start.
 */
function eligiblePlays(inputs: PlannerInputs, audience: number, streams: Set<StreamTag>): Play[] {
  const reachable = PLAYS.filter(
    (play) => audience >= play.minAudience && !(play.id === 'cross_platform' && publishesOnTwo(inputs)),
  );
  const recorded = recordedSourcesOf(inputs);
  const fresh = reachable.filter((play) => !isAlreadyRun(play, streams, recorded));
  return fresh.length >= 2 ? fresh : [...fresh, ...reachable.filter((play) => !fresh.includes(play))];
}

/** Platforms a creator can be reached on by a feed of its own: a second of them is not "a second home". */
const FEED_PLATFORMS = ['youtube', 'instagram', 'tiktok', 'twitch'];

/** Whether the creator already publishes on two platforms with feeds: then repurposing is a step taken. */
function publishesOnTwo(inputs: PlannerInputs): boolean {
  const platforms = new Set(inputs.answers?.platforms ?? []);
  return FEED_PLATFORMS.filter((platform) => platforms.has(platform as never)).length >= 2;
}

/**
 * The plays the books call for, the most pounds first: a second source of deals (what the payer pays a
 * month is at stake) and paid posts where an audience earns nothing (what a post a month would bring).
 */
export function bookPlays(books: PlanBooks | null): Play[] {
  if (!books) return [];
  const called: { play: Play; pounds: number }[] = [];
  const byId = (id: string) => BOOK_PLAYS.find((play) => play.id === id)!;
  if (books.payer) called.push({ play: byId('second_payer'), pounds: books.payer.monthly });
  if (books.untapped.length > 0) {
    const worth = books.untapped.reduce((sum, each) => sum + each.worth, 0);
    called.push({ play: byId('untapped_audience'), pounds: worth });
  }
  return called.sort((a, b) => b.pounds - a.pounds).map(({ play }) => play);
}

/** Plays a book play already covers: outreach beside a payer, a second home where the audience is. */
const COVERED_BY: Record<string, string> = {
  second_payer: 'sponsorship_outreach',
  untapped_audience: 'cross_platform',
};

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
  // Synced followers count when known; otherwise the lower end of the creator's bracket.
  const audience = audienceOf(inputs.answers, inputs.figures ?? null).low;
  const streams = existingStreams(inputs);
  // What the books call for comes first, the most money first; the scores choose the rest.
  const called = bookPlays(planBooks(inputs.health?.findings)).slice(0, 2);
  const covered = new Set(called.map((play) => COVERED_BY[play.id]));
  const candidates = eligiblePlays(inputs, audience, streams).filter((play) => !covered.has(play.id));
  if (called.length === 2) return [called[0]!, called[1]!];
  const first = called[0] ?? bestPlay(candidates, severities, inputs.answers);
  const mended = first?.mends[0];
  const eased = mended
    ? { ...severities, [mended]: severities[mended] * MENDED_SEVERITY_FACTOR }
    : severities;
  const second = bestPlay(
    candidates.filter((play) => play !== first),
    eased,
    inputs.answers,
  );
  // The email list and cross-platform plays need no audience and match no existing stream, so at
  // least these two are always eligible.
  if (!first || !second) throw new Error('The play library left fewer than two plays');
  return [first, second];
}
