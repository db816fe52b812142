import { listed, oneDecimal, type PlanBooks } from './books';
import type { PlayId } from './play';
import { pounds } from './wording';

/**
 * The plan's words for what the books show: its opening sentence when a book play leads the month,
 * and the tasks a finding adds to the weeks (a fall under way, money in other currencies).
 */

/** "Northlight Creator Agency pays 37% of your income, and 137,000 followers … earn you nothing." */
export function booksSentence(books: PlanBooks | null, plays: readonly PlayId[]): string | null {
  if (!books) return null;
  const parts: string[] = [];
  for (const play of plays) {
    if (play === 'second_payer' && books.payer) {
      parts.push(
        `${books.payer.name} pays ${Math.round(books.payer.share * 100)}% of your income (${pounds(books.payer.monthly)} a month)`,
      );
    }
    if (play === 'untapped_audience' && books.untapped.length > 0) {
      const followers = books.untapped.reduce((sum, each) => sum + each.followers, 0);
      parts.push(
        `${followers.toLocaleString('en-GB')} followers on ${listed(books.untapped.map((each) => each.name))} earn you nothing`,
      );
    }
  }
  if (parts.length === 0) return null;
  return `${parts.join(', and ')}.`.replace(/^./, (letter) => letter.toUpperCase());
}

export function booksTasks(books: PlanBooks | null): { first: string[]; beforeReview: string[] } {
  if (!books) return { first: [], beforeReview: [] };
  const first = books.liveFall
    ? [
        `First, the fall under way (${books.liveFall.title}): compare this week's traffic sources with last month's and note what changed`,
      ]
    : [];
  const beforeReview = books.currency
    ? [
        `Ask for your next deal in pounds, or set one day a month to convert: ${oneDecimal(books.currency.share)} of your income arrives in ${books.currency.money}`,
      ]
    : [];
  return { first, beforeReview };
}
