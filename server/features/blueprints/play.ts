import type { OnboardingAnswers } from '@common/onboarding';
import type { PlanBooks } from './books';

/**
 * What a monetisation play is. Each play is a way to add income that the platforms' algorithms do not
 * control (or to spread what they do control), with what it needs before it can work, what it mends,
 * and two weeks of tasks: one to set it up and one to launch it. The library itself is `plays.ts`.
 */
export type PlayId =
  | 'email_list'
  | 'digital_product'
  | 'online_course'
  | 'coaching'
  | 'sponsorship_outreach'
  | 'affiliate_programmes'
  | 'membership'
  | 'merchandise'
  | 'cross_platform'
  | 'speaking'
  | 'second_payer'
  | 'untapped_audience';

/** The health check's four axes, named by what is weak. */
export type Weakness = 'dependency' | 'diversification' | 'platform_risk' | 'resilience';

/** Words for this creator, already phrased for a sentence (see wording.ts). */
export type PlayContext = {
  /** "people who come to you for home cooking", or "your followers" without a niche. */
  audienceFor: string;
  /** "home cooking", or "your subject" without a niche. */
  topic: string;
  /** The main platform's name ("YouTube"), or "social media" when the creator has not said. */
  platform: string;
  otherPlatform: string;
  /** "your 50,000–100,000 followers" */
  audience: string;
  /** The main platform's word for one piece of content, and its plural: video(s), reel(s), TikTok(s). */
  post: string;
  posts: string;
  /** Whether the creator will have an email list by this play's launch (it comes earlier in the plan). */
  hasEmailList: boolean;
  /** What the books show, for the plays they call for (`book-plays.ts`); null without a health check. */
  books: PlanBooks | null;
  /** Whether brands already sponsor the creator (their answers or revenue say so). */
  hasSponsors: boolean;
};

/** A stream the creator's answers or revenue show they already have. */
export type StreamTag = OnboardingAnswers['currentStreams'][number] | 'speaking';

export type Play = {
  id: PlayId;
  name: string;
  /** How a sentence names it: "you set up and launch {phrase}". */
  phrase: string;
  /** Audience needed (the lower end of the onboarding bracket) before the play can pay. */
  minAudience: number;
  /** Days until it usually brings its first money: decides fit with the creator's timeframe. */
  daysToFirstRevenue: number;
  /** Hours a week it takes while being set up. */
  weeklyHours: number;
  /** What it mends, strongest first. */
  mends: readonly Weakness[];
  /** The stream that means the creator already does this: then it is not started again. */
  existingStream?: StreamTag;
  /** Why it helps, after "…, ": owned income, or spread reach. */
  purpose: string;
  setup: (context: PlayContext) => { title: string; description: string; tasks: string[] };
  launch: (context: PlayContext) => { title: string; description: string; tasks: string[] };
};
