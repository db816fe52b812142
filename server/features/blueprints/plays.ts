import type { OnboardingAnswers } from '@common/onboarding';

/**
 * The monetisation plays the planner chooses from. Each play is a way to add income that the platforms'
 * algorithms do not control (or to spread what they do control), with what it needs before it can
 * work, what it mends, and two weeks of tasks: one to set it up and one to launch it.
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
  | 'speaking';

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

export const PLAYS: readonly Play[] = [
  {
    id: 'email_list',
    phrase: 'an email list',
    name: 'Email list',
    minAudience: 0,
    daysToFirstRevenue: 21,
    weeklyHours: 3,
    mends: ['platform_risk', 'resilience', 'dependency'],
    purpose: 'a way to reach your audience that no algorithm decides',
    setup: ({ audienceFor, platform }) => ({
      title: 'Own your audience: start an email list',
      description: `An email list reaches ${audienceFor} whatever the ${platform} algorithm does.`,
      tasks: [
        'Open a free account with an email service and create a signup form',
        `Write a one-page free guide that ${audienceFor} would swap an email address for`,
        `Add the signup link to your ${platform} bio and pinned content`,
        'Write a three-email welcome sequence that introduces you and what you offer',
      ],
    }),
    launch: ({ posts }) => ({
      title: 'Grow the list every week',
      description: 'Turn casual viewers into subscribers you can reach directly.',
      tasks: [
        `Mention the free guide in every one of your ${posts} this week`,
        'Send your first weekly email with one useful tip and one link',
        'Track signups per post and double down on the best performer',
      ],
    }),
  },
  {
    id: 'digital_product',
    phrase: 'a digital product',
    name: 'Digital product',
    minAudience: 0,
    daysToFirstRevenue: 14,
    weeklyHours: 6,
    mends: ['dependency', 'diversification', 'resilience'],
    existingStream: 'product_sales',
    purpose: 'income that no algorithm decides',
    setup: ({ audienceFor, platform }) => ({
      title: 'Build a small digital product',
      description: `Package what ${audienceFor} already ask you about into something they can buy.`,
      tasks: [
        `List the ten questions your ${platform} comments ask most often`,
        'Pick the one you can answer best in a template, checklist or guide',
        'Draft the product in a shared document and test it with three followers',
        'Set up a checkout page with a launch price between £9 and £29',
      ],
    }),
    launch: ({ audience, post, posts, hasEmailList }) => ({
      title: 'Launch the product to your audience',
      description: `Offer it to ${audience}, who already trust you.`,
      tasks: [
        `Make a behind-the-scenes ${post} about making the product`,
        hasEmailList
          ? 'Offer a 48-hour launch discount to your email list and followers'
          : 'Offer your followers a 48-hour launch discount',
        'Collect three testimonials from the first buyers',
        `Add the product link to every bio and to the description of your ${posts}`,
      ],
    }),
  },
  {
    id: 'online_course',
    phrase: 'an online course',
    name: 'Online course',
    minAudience: 1_000,
    daysToFirstRevenue: 45,
    weeklyHours: 8,
    mends: ['dependency', 'diversification', 'resilience'],
    existingStream: 'course_coaching',
    purpose: 'income that no algorithm decides',
    setup: ({ topic }) => ({
      title: 'Plan a course your audience will pay for',
      description: `A course on ${topic} turns your expertise into income that does not depend on views.`,
      tasks: [
        'Survey your audience on the one result they want most',
        'Outline five modules that get them that result',
        'Record the first module as a free preview',
        'Open a pre-sale waitlist with an early-bird price',
      ],
    }),
    launch: ({ platform }) => ({
      title: 'Pre-sell the course',
      description: 'Sell it before it is finished, so you build what buyers want.',
      tasks: [
        `Run a live ${platform} session teaching one lesson from the course`,
        'Email the pre-sale waitlist the early-bird offer and a deadline',
        'Record the remaining modules for the buyers who paid',
      ],
    }),
  },
  {
    id: 'coaching',
    phrase: 'coaching',
    name: 'One-to-one coaching',
    minAudience: 0,
    daysToFirstRevenue: 7,
    weeklyHours: 4,
    mends: ['dependency', 'diversification'],
    existingStream: 'course_coaching',
    purpose: 'income that no algorithm decides',
    setup: ({ topic }) => ({
      title: 'Offer one-to-one coaching',
      description: `What you know about ${topic} is worth paying for directly; coaching pays from the first client.`,
      tasks: [
        'Define one coaching package: the outcome, four sessions, a price',
        'Set up a booking page with payment up front',
        'Write a short post about a problem you solved for someone',
      ],
    }),
    launch: ({ platform }) => ({
      title: 'Book your first clients',
      description: 'Fill a handful of slots to prove the offer.',
      tasks: [
        `Announce three founding-client slots on ${platform}`,
        'Reply personally to everyone who asks a question in your comments',
        'After each session, ask for a testimonial and a referral',
      ],
    }),
  },
  {
    id: 'sponsorship_outreach',
    phrase: 'direct sponsorships',
    name: 'Sponsorship outreach',
    minAudience: 5_000,
    daysToFirstRevenue: 21,
    weeklyHours: 4,
    mends: ['diversification', 'dependency'],
    existingStream: 'sponsorships',
    purpose: 'income agreed with brands rather than paid by a feed',
    setup: ({ audienceFor, audience }) => ({
      title: 'Prepare a media kit and a sponsor list',
      description: `Brands that suit your content pay for access to ${audience}.`,
      tasks: [
        'Build a one-page media kit with your audience, reach and engagement figures',
        `List twenty brands that ${audienceFor} already use`,
        'Set your rate card for a dedicated post, a mention and a bundle',
      ],
    }),
    launch: () => ({
      title: 'Pitch sponsors directly',
      description: 'Direct deals pay more than marketplaces and do not depend on any feed.',
      tasks: [
        'Send ten personalised pitches with your media kit',
        'Follow up every pitch after five working days',
        'Offer a first-deal package with a results report',
      ],
    }),
  },
  {
    id: 'affiliate_programmes',
    phrase: 'affiliate income',
    name: 'Affiliate programmes',
    minAudience: 0,
    daysToFirstRevenue: 14,
    weeklyHours: 2,
    mends: ['diversification'],
    existingStream: 'affiliate_marketing',
    purpose: 'income from recommendations that keeps paying after a post leaves the feed',
    setup: () => ({
      title: 'Join affiliate programmes for tools you use',
      description: 'Earn from the products you already recommend.',
      tasks: [
        'List the products you mention most in your content',
        'Join the affiliate programme of the five best fits',
        'Create one resources page that lists them with your links',
      ],
    }),
    launch: ({ post }) => ({
      title: 'Work affiliate links into your content',
      description: 'Honest recommendations keep paying long after a post leaves the feed.',
      tasks: [
        `Make one ${post} reviewing the tool you use most`,
        'Add the resources page to every bio and description',
        'Check which link converts best and feature it',
      ],
    }),
  },
  {
    id: 'membership',
    phrase: 'a paid membership',
    name: 'Membership',
    minAudience: 1_000,
    daysToFirstRevenue: 30,
    weeklyHours: 5,
    mends: ['resilience', 'dependency'],
    existingStream: 'membership_patreon',
    purpose: 'monthly income that no algorithm decides',
    setup: () => ({
      title: 'Design a paid membership',
      description: 'Recurring income from your most committed followers.',
      tasks: [
        'Choose one membership tier with a clear monthly benefit',
        'Set up the membership page on a platform you control',
        'Plan the first month of member-only content',
      ],
    }),
    launch: ({ platform }) => ({
      title: 'Open the membership to founding members',
      description: 'Start small with people who already show up for you.',
      tasks: [
        `Invite your most active ${platform} commenters personally`,
        'Offer founding members a locked-in price',
        'Host a members-only live session in the first week',
      ],
    }),
  },
  {
    id: 'merchandise',
    phrase: 'a merchandise drop',
    name: 'Merchandise',
    minAudience: 10_000,
    daysToFirstRevenue: 30,
    weeklyHours: 4,
    mends: ['diversification'],
    existingStream: 'merchandise',
    purpose: 'income that no algorithm decides',
    setup: () => ({
      title: 'Design a first merchandise drop',
      description: 'Products your community wears or uses spread your name off-platform.',
      tasks: [
        'Collect the inside jokes and catchphrases your audience repeats',
        'Design three items with a print-on-demand supplier (no stock to hold)',
        'Order samples and photograph them',
      ],
    }),
    launch: ({ platform }) => ({
      title: 'Run a limited drop',
      description: 'A deadline turns interest into orders.',
      tasks: [
        `Tease the drop on ${platform} for three days`,
        'Open the store for seven days only',
        'Share customer photos to close the drop',
      ],
    }),
  },
  {
    id: 'cross_platform',
    phrase: 'a second platform',
    name: 'Cross-platform repurposing',
    minAudience: 0,
    daysToFirstRevenue: 30,
    weeklyHours: 3,
    mends: ['platform_risk', 'resilience'],
    purpose: 'reach spread over two platforms, so one algorithm change cannot cut all of it',
    setup: ({ platform, otherPlatform, posts }) => ({
      title: `Repurpose your best ${platform} content for ${otherPlatform}`,
      description: `One algorithm change on ${platform} should not be able to cut your reach in half.`,
      tasks: [
        `Pick your five best-performing ${posts} of the last quarter`,
        `Cut each one into the format ${otherPlatform} rewards`,
        `Set up a ${otherPlatform} profile with the same bio link`,
        'Schedule the five repurposed posts over two weeks',
      ],
    }),
    launch: ({ otherPlatform }) => ({
      title: `Build a second home on ${otherPlatform}`,
      description: 'Consistency for a month tells you whether the second platform is worth it.',
      tasks: [
        `Post on ${otherPlatform} three times this week`,
        'Reply to every comment within a day',
        `Compare reach and followers gained on ${otherPlatform} with your main platform`,
      ],
    }),
  },
  {
    id: 'speaking',
    phrase: 'paid speaking',
    name: 'Paid talks',
    minAudience: 10_000,
    daysToFirstRevenue: 45,
    weeklyHours: 3,
    mends: ['diversification', 'resilience'],
    existingStream: 'speaking',
    purpose: 'income that no algorithm decides',
    setup: ({ topic }) => ({
      title: 'Package a talk or workshop',
      description: `Events and companies pay creators to teach what they know about ${topic}.`,
      tasks: [
        'Write a one-paragraph talk abstract and three takeaways',
        'Record a five-minute sample of the talk',
        `List ten events, podcasts or companies that cover ${topic}`,
      ],
    }),
    launch: () => ({
      title: 'Pitch your first paid booking',
      description: 'One booking often leads to the next.',
      tasks: [
        'Send the abstract and sample to the ten on your list',
        'Offer a paid online workshop to your own audience',
        'Ask every host for a referral afterwards',
      ],
    }),
  },
];
