import { CLAIMS, type Priority } from './content';

/**
 * The ten tools: the features page, and the landing roadmap grouped by priority (content.ts: ROLLOUT).
 * `isAvailable` when a creator can use it in the app today (docs/product/app.md); the others keep the
 * release they are planned for.
 */
export type Tool = {
  name: string;
  priority: Priority;
  isAvailable: boolean;
  benefit: string;
  technology: string;
};

/** What the roadmap and the features page call a tool that already works. */
export const AVAILABLE_NOW = 'Available now';

export const TOOLS: Tool[] = [
  {
    name: 'Algorithm early-warning alerts',
    priority: 'High',
    isAvailable: true,
    benefit: `Know in ${CLAIMS.alertResponse} when your reach starts to slide, not weeks later when the payout lands.`,
    technology: `${CLAIMS.monitoring} monitoring that compares each day's views and revenue with your own history.`,
  },
  {
    name: 'Income health check',
    priority: 'High',
    isAvailable: true,
    benefit:
      'One score out of 100 for how exposed your income is, with the risks ranked by what they cost you.',
    technology:
      'Platform risk, diversification (Herfindahl–Hirschman index) and resilience from your own numbers.',
  },
  {
    name: '30-day monetisation blueprint',
    priority: 'High',
    isAvailable: true,
    benefit: `A week-by-week plan to your first new income stream in ${CLAIMS.daysToFirstStream} days, tailored to your niche.`,
    technology:
      'A planner built on creator playbooks, optionally refined by a language model, checked before you see it.',
  },
  {
    name: 'Revenue tracker',
    priority: 'High',
    isAvailable: true,
    benefit: 'Every stream in one place, in pounds: ads, sponsors, products, courses, affiliates and more.',
    technology: 'Manual entries or CSV import, with monthly trends and a breakdown by source.',
  },
  {
    name: 'Analytics screenshot reader',
    priority: 'Medium',
    isAvailable: true,
    benefit: 'Upload a screenshot of your analytics and skip the copying: the numbers are read for you.',
    technology: 'On-server text recognition; images are re-encoded and stripped of metadata before storage.',
  },
  {
    name: 'Platform connections',
    priority: 'Medium',
    isAvailable: true,
    benefit:
      'Connect YouTube, Instagram and TikTok once; your figures stay current without lifting a finger.',
    technology: 'Read-only OAuth access through each platform’s official API. Disconnect at any time.',
  },
  {
    name: 'Algorithm change bulletins',
    priority: 'Medium',
    isAvailable: true,
    benefit: 'Plain-English notes on what changed on your platform this week and what to do about it.',
    technology: 'Written by our analysts and matched to the platforms you use.',
  },
  {
    name: 'Sponsor rate calculator',
    priority: 'Low',
    isAvailable: false,
    benefit: 'Walk into brand deals knowing your worth, based on your audience and engagement.',
    technology: 'Rate ranges from your niche, audience size and recent performance.',
  },
  {
    name: 'Digital product launcher',
    priority: 'Low',
    isAvailable: false,
    benefit: 'Turn what you already know into a guide, template pack or course your audience will buy.',
    technology: 'Guided templates for pricing, a sales page and the launch week.',
  },
  {
    name: 'Creator community',
    priority: 'Low',
    isAvailable: false,
    benefit: 'Compare notes with creators who have diversified already, and find collaborators.',
    technology: 'A members-only space with niche groups and monthly live sessions.',
  },
];
