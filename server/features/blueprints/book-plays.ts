import { listed } from './books';
import type { Play, PlayContext } from './play';
import { pounds } from './wording';

/**
 * The plays the creator's books call for: a second source of deals beside a payer above a quarter of
 * their income, and paid posts where an audience earns nothing. Each is offered only when its finding
 * stands (play-choice.ts), and its tasks name the finding's own figures.
 */

const payerOf = ({ books }: PlayContext) =>
  books?.payer ?? { name: 'your largest payer', monthly: 0, share: 0 };
const untappedOf = ({ books }: PlayContext) => books?.untapped ?? [];
const percent = (share: number) => `${Math.round(share * 100)}%`;

export const BOOK_PLAYS: readonly Play[] = [
  {
    id: 'second_payer',
    phrase: 'direct sponsorships beside your largest payer',
    name: 'A second source of deals',
    minAudience: 0,
    daysToFirstRevenue: 21,
    weeklyHours: 4,
    mends: ['diversification', 'dependency'],
    purpose: 'so losing one contract costs half as much',
    setup: (context) => {
      const payer = payerOf(context);
      return {
        title: `Line up deals beside ${payer.name}`,
        description: `${payer.name} pays you ${pounds(payer.monthly)} a month, ${percent(payer.share)} of your income: one lost contract would take all of it.`,
        tasks: [
          `List the brands ${payer.name} placed with you this year, and which of them you could approach directly`,
          `Write a one-page media kit for ${context.audience}, with your rate for one integration at £20 per 1,000 views of a usual ${context.post}`,
          `Find 15 brands in ${context.topic} that sponsor creators of your size, and the person who books them`,
          `Ask two other agencies that place ${context.topic} sponsorships for their terms`,
        ],
      };
    },
    launch: (context) => {
      const payer = payerOf(context);
      return {
        title: 'Pitch direct deals',
        description: `Aim for one deal this month that does not come through ${payer.name}.`,
        tasks: [
          `Send ten personal pitches this week, each naming a recent ${context.post} of yours that fits the brand`,
          'Follow up every pitch after five working days',
          `Agree one direct deal worth at least ${pounds(payer.monthly / 2)}, half of what ${payer.name} brings in a month`,
          `Ask ${payer.name} for the renewal date of your current contract, in writing`,
        ],
      };
    },
  },
  {
    id: 'untapped_audience',
    phrase: 'paid posts where your audience earns nothing',
    name: 'Paid posts where you earn nothing',
    minAudience: 0,
    daysToFirstRevenue: 21,
    weeklyHours: 3,
    mends: ['platform_risk', 'diversification', 'dependency'],
    purpose: 'income from the platforms that pay you nothing today',
    setup: (context) => {
      const untapped = untappedOf(context);
      const where = listed(untapped.map((each) => each.name));
      return {
        title: `Get ${where} ready for brands`,
        description: `Your ${listed(untapped.map((each) => `${each.followers.toLocaleString('en-GB')} followers on ${each.name}`))} earn you nothing today.`,
        tasks: [
          ...untapped.map(
            (each) =>
              `Make your ${each.name} profile ready for brands: a one-line pitch, an email for business and your three best posts pinned`,
          ),
          `Add your ${where} followers and their usual views to your media kit`,
          context.hasSponsors
            ? `Offer the brands that already sponsor you a ${where} post as an add-on to their next deal`
            : `List ten brands your ${where} followers already talk about`,
        ],
      };
    },
    launch: (context) => {
      const untapped = untappedOf(context);
      const worth = untapped.reduce((sum, each) => sum + each.worth, 0);
      return {
        title: 'Sell your first paid posts',
        description: `One sponsored post a month on each, at a cautious £20 per 1,000 views of a usual post, is about ${pounds(worth)} a month.`,
        tasks: [
          ...untapped.map(
            (each) =>
              `Pitch five brands a ${each.name} post at about ${pounds(each.worth)} (a tenth of your ${each.followers.toLocaleString('en-GB')} followers at £20 per 1,000 views)`,
          ),
          'Publish your first sponsored post and note its views against your usual',
        ],
      };
    },
  },
];
