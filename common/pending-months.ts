import { formatDayAndMonth, monthName } from './calendar';
import { sourceLabel } from './revenue-sources';

/** A stream not in yet for one of the latest complete months (server/features/revenue/arrivals.ts). */
export type PendingStreamOfMonth = {
  source: string;
  state: 'awaited' | 'missing';
  /** Pounds it usually brings in a month, a decimal string. */
  usual: string;
  /** 'YYYY-MM-DD' its money usually arrives by. */
  usuallyBy: string;
};

export type PendingMonth = {
  month: string;
  /** Pounds recorded of the month so far, a decimal string. */
  recorded: string;
  streams: PendingStreamOfMonth[];
};

const wholePounds = (pounds: string) => `£${Math.round(Number(pounds)).toLocaleString('en-GB')}`;

/**
 * "by 22 December": always with its month, since the sentence opens with the month awaited ("November:
 * … by the 22nd" reads as 22 November).
 */
export function usuallyBySaid(usuallyBy: string): string {
  return `by ${formatDayAndMonth(usuallyBy)}`;
}

/**
 * "November: YouTube Ads not in yet, usually £1,460 by 23 December": a month left out of the monthly
 * income because a stream is not in, each stream at its usual amount, never as £0.
 */
export function pendingMonthSentence(pending: PendingMonth): string {
  const streams = pending.streams.map(
    (stream) =>
      `${sourceLabel(stream.source)} ${stream.state === 'awaited' ? 'not in yet' : 'not recorded yet'}, usually ${wholePounds(stream.usual)} ${usuallyBySaid(stream.usuallyBy)}`,
  );
  return `${monthName(pending.month)}: ${streams.join('; ')}`;
}
