import { PLATFORM_OPTIONS, type Platform } from '@common/creator-platforms';
import { dependencyStatus } from '@common/health-check';
import type { Play, StreamTag } from './play';
import type { Audience, Income } from './projection';

/** Each platform's own word for one piece of content, and its plural. */
const POST_WORDS: Record<Platform, [string, string]> = {
  youtube: ['video', 'videos'],
  instagram: ['reel', 'reels'],
  tiktok: ['TikTok', 'TikToks'],
  twitter: ['post', 'posts'],
  blog: ['article', 'articles'],
  podcast: ['episode', 'episodes'],
  twitch: ['stream', 'streams'],
  other: ['post', 'posts'],
};

export function postWords(platform: Platform | null): { post: string; posts: string } {
  const [post, posts] = POST_WORDS[platform ?? 'other'];
  return { post, posts };
}

export const platformLabel = (platform: Platform) =>
  PLATFORM_OPTIONS.find((option) => option.value === platform)?.label ?? platform;

/**
 * A niche as a person would say it inside a sentence: "Home cooking & budget recipes" becomes "home
 * cooking and budget recipes". Words with capitals after their first letter (YouTube, DIY) keep them, and
 * so do capitalised words inside an otherwise lower-case phrase (names). Null when no letter is left.
 */
export function nichePhrase(niche: string | null | undefined): string | null {
  const cleaned = (niche ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s*&\s*/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[\s\p{P}]+|[\s.,;:!?-]+$/gu, '');
  if (!/\p{L}/u.test(cleaned)) return null;
  const words = cleaned.split(' ');
  // A word with capitals after its first letter (YouTube, DIY) is a name as written: kept.
  const isPlainCapital = (word: string) => /^\p{Lu}[^\p{Lu}]*$/u.test(word);
  const lower = (word: string) => (isPlainCapital(word) ? word.toLowerCase() : word);
  // Title Case throughout is a heading's style, not names: every plain capital is lowered.
  const titleCase = words.filter((word) => /\p{L}/u.test(word)).every((word) => !/^\p{Ll}/u.test(word));
  return words.map((word, index) => (titleCase || index === 0 ? lower(word) : word)).join(' ');
}

const thousands = (count: number) => Math.round(count).toLocaleString('en-GB');

/** "fewer than 1,000 followers so far", as the creator answered, for a list in brackets. */
export function audienceAnswer(audience: Audience): string {
  return audience.low === 0
    ? `fewer than ${thousands(audience.high)} followers so far`
    : audiencePhrase(audience).replace(/^your /, '');
}

/** "your 50,000–100,000 followers", "your 62,400 followers", or "your followers" when unknown. */
export function audiencePhrase(audience: Audience): string {
  if (audience.from === 'unknown') return 'your followers';
  if (audience.low === audience.high) return `your ${thousands(audience.low)} followers`;
  if (audience.low === 0) return `your followers (fewer than ${thousands(audience.high)} so far)`;
  if (audience.low >= 100_000) return `your ${thousands(audience.low)} or more followers`;
  return `your ${thousands(audience.low)}–${thousands(audience.high)} followers`;
}

/** Whole pounds as the plan writes them: '£3,850'. */
export const pounds = (value: number) => `£${Math.round(value).toLocaleString('en-GB')}`;

/** What the creator earns now, in words, for the projection's basis. */
export function incomePhrase(income: Income, span: string | null | undefined): string {
  if (income.from === 'revenue') {
    return `${pounds(income.low)} a month in recorded revenue${span ? ` (${span})` : ''}`;
  }
  if (income.from === 'answer') {
    return income.high === 0
      ? 'no income yet'
      : `${pounds(income.low)}–${pounds(income.high)} a month in income`;
  }
  return 'no known income';
}

/** What a dependency share means, by its band (docs/scoring.md: 80+ critical, 60+ warning). */
export function dependencySentence(algorithmDependency: number): string {
  const share = Math.round(algorithmDependency);
  switch (dependencyStatus(share)) {
    case 'critical':
      return `Your algorithm dependency is ${share}%: most of your income rides on platform algorithms, and one ranking change could cut it.`;
    case 'warning':
      return `Your algorithm dependency is ${share}%: more than half of your income rides on platform algorithms.`;
    default:
      return `Your algorithm dependency is ${share}%, below the 60% where it starts to put your income at risk.`;
  }
}

const STREAM_WORDS: Partial<Record<StreamTag, string>> = {
  product_sales: 'product sales',
  course_coaching: 'courses or coaching',
  sponsorships: 'sponsorships',
  affiliate_marketing: 'affiliate links',
  membership_patreon: 'memberships',
  merchandise: 'merchandise',
  speaking: 'speaking',
};

function listInWords(items: string[]): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "You already earn from product sales: this plan adds to them rather than starting over." */
export function existingSentence(streams: Set<StreamTag>): string {
  const words = [...streams].flatMap((stream) => STREAM_WORDS[stream] ?? []);
  if (words.length === 0) return '';
  const them = words.length === 1 && ['merchandise', 'speaking'].includes(words[0]!) ? 'it' : 'them';
  return ` You already earn from ${listInWords(words)}: this plan adds to ${them} rather than starting over.`;
}

export function playsSentence(first: Play, second: Play): string {
  if (first.purpose === second.purpose) {
    return `Over four weeks you set up and launch ${first.phrase}, then ${second.phrase}: ${first.purpose}.`;
  }
  return `Over four weeks you set up and launch ${first.phrase} (${first.purpose}), then ${second.phrase} (${second.purpose}).`;
}
