import { FREE_SPOTS, LIFETIME_SPOTS } from '@common/waitlist';

/**
 * Every marketing claim the public site makes (docs/product/public-site.md) and the facts they rest on, in
 * one place: change a number here and every page, meta description and test follows. Longer copy lives beside
 * the sections that show it (landing-copy.ts, tools.ts) and quotes these constants rather than repeating a
 * number. This module is in the landing page's first load: keep it to claims.
 */

export const BRAND = 'Ballast';

/**
 * How many creators are waiting, the spots left and when access opens are never claims: they come from
 * the live counters or say no date (decision 032).
 */
export const CLAIMS = {
  additionalRevenue: '£2.4M+',
  averageRiskReduction: '67%',
  daysToFirstStream: 30,
  /** Read as "alerts you in under 5 minutes". */
  alertResponse: 'under 5 minutes',
  monitoring: '24/7',
  checklistWithin: '24 hours',
  moneyBackDays: 30,
  betaRevenueThreshold: '£1K+/month',
  firstAccess: 'Waitlist members get first access',
} as const;

export const PLANS = {
  blueprint: { name: 'The Blueprint', price: '£79', billing: 'one-time' },
  guardian: { name: 'The Guardian', price: '£29', billing: 'per month', isMostPopular: true },
  mastermind: { name: 'The Mastermind', price: '£199', billing: 'per month' },
} as const;

/** The headline numbers after the live count of creators waiting (stat-tiles.tsx). */
export const STATS = [
  { value: CLAIMS.additionalRevenue, label: 'additional revenue' },
  { value: CLAIMS.averageRiskReduction, label: 'average risk reduction' },
  { value: `${CLAIMS.daysToFirstStream} days`, label: 'to your first new income stream' },
] as const;

/**
 * The badge kept on screen on the landing page: every place with lifetime access, free and £5, and how many
 * of them are left, from the live counters (decisions 032 and 045), so it agrees with both spot bars.
 */
export const spotsBadge = (spotsLeft: number) => `${FREE_SPOTS + LIFETIME_SPOTS} spots → ${spotsLeft} left`;

export const WAITLIST_DIALOG_NOTE = `Limited beta spots for channels earning ${CLAIMS.betaRevenueThreshold}. ${CLAIMS.firstAccess}.`;

export const GUARANTEE = `${CLAIMS.moneyBackDays}-day money-back guarantee · cancel anytime`;

/** The strike demo on the landing page: values, caps and timings (docs/product/public-site.md). */
export const STRIKE_DEMO = {
  startDelayMs: 1000,
  rampMs: 3000,
  stepMs: 200,
  /** Each counter shows its value when the strike lands and climbs to its cap while it runs. */
  counters: [
    { id: 'income', label: 'Income loss', value: 70, cap: 75 },
    { id: 'views', label: 'View drop', value: 45, cap: 50 },
    { id: 'reach', label: 'Reach loss', value: 55, cap: 60 },
  ],
  standby: 'Monitoring a typical creator channel',
  inProgress: 'Algorithm strike in progress',
  complete: 'Execution complete',
  rescueTitle: 'With Ballast, this is where the rescue starts.',
  rescue: `An alert reaches you in ${CLAIMS.alertResponse} once the drop begins, your income-exposure score shows which streams are hit, and your ${CLAIMS.daysToFirstStream}-day blueprint moves money onto streams no algorithm controls.`,
} as const;

export type Priority = 'High' | 'Medium' | 'Low';

/** When each priority ships, in order rather than by date: the rollout schedule and the landing roadmap. */
export const ROLLOUT: Record<Priority, string> = {
  High: 'First access (waitlist)',
  Medium: 'Second release',
  Low: 'Third release',
};

export const PRIORITIES: Priority[] = ['High', 'Medium', 'Low'];

export const HERO = {
  eyebrow: 'For YouTube, Instagram and TikTok creators',
  title: 'One algorithm change should not end your income.',
  lead: `Ballast alerts you in ${CLAIMS.alertResponse} when an algorithm shift hits your reach, shows how exposed your income is, and hands you a ${CLAIMS.daysToFirstStream}-day plan to build income no platform can switch off.`,
  blueprintButton: `START YOUR BLUEPRINT - ${PLANS.blueprint.price}`,
  blueprintNote: `${PLANS.blueprint.name}: ${PLANS.blueprint.price} one-time for the full ${CLAIMS.daysToFirstStream}-day blueprint, and a new one each month for a year.`,
} as const;

/** What the not-found page says while most of the product is still being built. */
export const COMING_SOON_MESSAGE = `This page isn't here yet. Join the waitlist and you'll hear as soon as it opens.`;

export const SITE_DESCRIPTION = `Early warning of algorithm shifts, a diagnosis of how exposed your creator income is, and a ${CLAIMS.daysToFirstStream}-day plan to diversify it.`;
