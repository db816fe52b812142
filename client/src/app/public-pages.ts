import { CLAIMS, SITE_DESCRIPTION } from '@/features/marketing/content';

/**
 * A page a signed-out visitor can open: prerendered at build time with its own title and description,
 * unless `isShellOnly` (then the server sends the app shell, which renders it in the browser).
 */
export type PublicPage = { path: string; title: string; description: string; isShellOnly?: boolean };

const SUFFIX = ' | Ballast';

export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/',
    title: 'Ballast: protect your creator income from the next algorithm change',
    description: SITE_DESCRIPTION,
  },
  {
    path: '/full-landing',
    title: `Join the algorithm resistance${SUFFIX}`,
    description: SITE_DESCRIPTION,
  },
  {
    path: '/features',
    title: `Ten tools for creator income protection${SUFFIX}`,
    description: `Early-warning alerts, an income health check, a ${CLAIMS.daysToFirstStream}-day blueprint and seven more tools, with the rollout schedule.`,
  },
  {
    path: '/pricing',
    title: `Pricing${SUFFIX}`,
    description: `The Blueprint £79 once, The Guardian £29 a month, The Mastermind £199 a month, with a ${CLAIMS.moneyBackDays}-day money-back guarantee.`,
  },
  {
    path: '/community',
    title: `Creator community, coming soon${SUFFIX}`,
    description: 'A members-only space for creators building income that no algorithm can switch off.',
  },
  {
    path: '/contact',
    title: `Contact us${SUFFIX}`,
    description:
      'Questions about Ballast, partnerships or your data? Write to us: we reply within 24 hours on business days.',
  },
  {
    path: '/privacy',
    title: `Privacy policy${SUFFIX}`,
    description:
      'What Ballast collects (emails, revenue figures, screenshots), why, who processes it, how long we keep it and your rights under UK GDPR.',
  },
  {
    path: '/terms',
    title: `Terms of service${SUFFIX}`,
    description: 'The terms for using Ballast: the waitlist, accounts, paid plans, refunds and your content.',
  },
  {
    path: '/sign-in',
    title: `Sign in${SUFFIX}`,
    description: 'Sign in to Ballast or create your account.',
    // Its form is only safe once the page's code runs: submitted natively before that, the password
    // would end up in the URL. The shell renders it in the browser instead.
    isShellOnly: true,
  },
  {
    path: '/forgot-password',
    title: `Forgot your password?${SUFFIX}`,
    description: 'Get a link by email to set a new Ballast password.',
    isShellOnly: true,
  },
  {
    path: '/reset-password',
    title: `Choose a new password${SUFFIX}`,
    description: 'Set a new password for your Ballast account.',
    // The link's token is in the address; the page reads it in the browser.
    isShellOnly: true,
  },
];

export const NOT_FOUND_PAGE: PublicPage = {
  path: '/404',
  title: `Page not found${SUFFIX}`,
  description: SITE_DESCRIPTION,
};

export function publicPageFor(path: string): PublicPage {
  return PUBLIC_PAGES.find((page) => page.path === path) ?? NOT_FOUND_PAGE;
}
