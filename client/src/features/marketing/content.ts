/**
 * Every marketing claim the public site makes (spec §1 and §9) and the facts they rest on, in one
 * place: change a number here and every page, meta description and test follows. Longer copy lives
 * beside the sections that show it (landing-copy.ts, tools.ts) and quotes these constants rather than
 * repeating a number. This module is in the landing page's first load: keep it to claims.
 */

export const BRAND = 'Ballast';

export const CLAIMS = {
  creatorsWaiting: '5,000+',
  additionalRevenue: '£2.4M+',
  averageRiskReduction: '67%',
  daysToFirstStream: 30,
  /** Read as "alerts you in under 5 minutes". */
  alertResponse: 'under 5 minutes',
  monitoring: '24/7',
  checklistWithin: '24 hours',
  moneyBackDays: 30,
  betaRevenueThreshold: '$1K+/month',
  firstAccess: 'Q3 2025',
} as const;

export const PLANS = {
  blueprint: { name: 'The Blueprint', price: '£79', billing: 'one-time' },
  guardian: { name: 'The Guardian', price: '£29', billing: 'per month', isMostPopular: true },
  mastermind: { name: 'The Mastermind', price: '£199', billing: 'per month' },
} as const;

/** The four headline numbers, shown as stat tiles on the landing and not-found pages. */
export const STATS = [
  { value: CLAIMS.creatorsWaiting, label: 'creators waiting' },
  { value: CLAIMS.additionalRevenue, label: 'additional revenue' },
  { value: CLAIMS.averageRiskReduction, label: 'average risk reduction' },
  { value: `${CLAIMS.daysToFirstStream} days`, label: 'to your first new income stream' },
] as const;

/** The badge fixed to the landing page: a fixed statement, not a live count (spec §2). */
export const SPOTS_BADGE = '500 spots → 293 left';

export const WAITLIST_DIALOG_NOTE = `Limited beta spots for channels earning ${CLAIMS.betaRevenueThreshold}. First access ${CLAIMS.firstAccess}.`;

export const GUARANTEE = `${CLAIMS.moneyBackDays}-day money-back guarantee · cancel anytime`;

/** The strike demo on the landing page (spec §4 and §9: values, caps and timings). */
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

/** When each priority ships: the features page's rollout schedule and the landing roadmap. */
export const ROLLOUT: Record<Priority, string> = {
  High: `${CLAIMS.firstAccess} (waitlist)`,
  Medium: 'Q4 2025',
  Low: 'Q1 2026',
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
export const COMING_SOON_MESSAGE = `This page isn't here yet. Ballast opens to the waitlist in ${CLAIMS.firstAccess}: join now and you'll hear first.`;

export const SITE_DESCRIPTION = `Early warning of algorithm shifts, a diagnosis of how exposed your creator income is, and a ${CLAIMS.daysToFirstStream}-day plan to diversify it. ${CLAIMS.creatorsWaiting} creators waiting.`;
