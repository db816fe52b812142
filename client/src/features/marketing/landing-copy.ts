import { CLAIMS } from './content';

/** The copy of the landing page below the strike demo; its numbers come from content.ts. */

export const SPOTS_COPY = {
  free: { title: 'Lifetime free access', detail: 'The first 50 creators pay nothing, ever.' },
  lifetime: { title: 'Lifetime access for £5', detail: 'The next 500 creators pay £5 once.' },
  reducing: 'Spots reduce daily.',
  beta: `Beta spots are reserved for channels earning ${CLAIMS.betaRevenueThreshold}.`,
} as const;

export const PROBLEM = {
  title: 'The algorithm does not care about your rent.',
  lead: 'You built an audience on someone else’s platform, under rules that change without notice.',
  points: [
    {
      title: 'It happens overnight',
      text: 'One ranking update and the videos that paid your bills stop reaching anyone.',
    },
    {
      title: 'One platform, one point of failure',
      text: 'Ad revenue follows views. When most of your income comes from one feed, so does all of your risk.',
    },
    {
      title: 'You find out last',
      text: 'Analytics lag, payouts lag further. By the time the drop shows in your bank, a month has gone.',
    },
  ],
} as const;

export const TESTIMONIAL = {
  quote:
    'My views halved in a week and nobody could tell me why. By the time I worked it out, two sponsors had walked and my ad income had gone with them. I don’t want to find out last again.',
  attribution: 'Lifestyle creator, YouTube and Instagram',
  note: 'A story creators tell us again and again; details changed to protect them.',
} as const;

export const PAIN_QUOTES = [
  {
    quote: 'My reach dropped by half overnight and the platform won’t say why.',
    who: 'Gaming creator, YouTube',
  },
  { quote: 'One brand deal pays my rent. If they pull out, I’m done.', who: 'Beauty creator, Instagram' },
  { quote: 'I’ve been “about to diversify” for two years.', who: 'Comedy creator, TikTok' },
  {
    quote: 'I refresh my analytics twenty times a day, and it never helps.',
    who: 'Education creator, YouTube',
  },
] as const;

export const STEPS = [
  {
    name: 'Detect',
    text: `${CLAIMS.monitoring} monitoring of your views and revenue. When something breaks, you hear in ${CLAIMS.alertResponse}.`,
  },
  {
    name: 'Diagnose',
    text: `A health check scores your platform risk, diversification and resilience. Creators cut their risk by ${CLAIMS.averageRiskReduction} on average.`,
  },
  {
    name: 'Deploy',
    text: `A prioritised checklist within ${CLAIMS.checklistWithin} and a ${CLAIMS.daysToFirstStream}-day blueprint to your first new income stream.`,
  },
] as const;

export const OBJECTIONS = [
  {
    question: 'I’m not big enough for this.',
    answer: `Beta spots go to channels earning ${CLAIMS.betaRevenueThreshold}: big enough to have something to lose, small enough that one bad month hurts.`,
  },
  {
    question: 'I don’t have time for another tool.',
    answer: `You get a prioritised checklist within ${CLAIMS.checklistWithin} and one short list of tasks a week. Alerts come to you; there is no dashboard to babysit.`,
  },
  {
    question: 'What if it doesn’t work for me?',
    answer: `Every paid plan has a ${CLAIMS.moneyBackDays}-day money-back guarantee, and you can cancel anytime.`,
  },
  {
    question: 'What happens to my revenue figures?',
    answer:
      'They are yours. We store them in the UK-GDPR way: used only to score and protect your income, never sold, exportable as JSON and deleted with your account.',
  },
  {
    question: 'Why join the waitlist now?',
    answer: `The first 50 creators get lifetime free access and the next 500 lifetime access for £5. Places go in the order creators join, and ${CLAIMS.firstAccess.toLowerCase()}.`,
  },
] as const;

export const FINAL_CALL = {
  title: 'Join the algorithm resistance',
  lead: `${CLAIMS.firstAccess}, in the order they joined.`,
} as const;
