import { monthsBefore } from '../../common/calendar';

/**
 * A real creator's lumpy income, as test data: about £3,900 a month over 17 months ending in the month of
 * `today` (which is half entered, as a creator leaves it on the 26th). AdSense once a month, two
 * sponsorships a month on irregular days, Patreon on the 1st, merch now and then.
 */
export type LumpyEntry = { date: string; source: string; amount: string };

const pad = (value: number) => String(value).padStart(2, '0');

export function lumpyYear(today: string): LumpyEntry[] {
  const currentMonth = today.slice(0, 7);
  const entries: LumpyEntry[] = [];
  for (let back = 16; back >= 1; back--) {
    const month = monthsBefore(currentMonth, back);
    const i = 16 - back;
    entries.push(
      { date: `${month}-01`, source: 'memberships', amount: String(420 + 5 * i) },
      { date: `${month}-${pad(3 + ((i * 7) % 10))}`, source: 'youtube_sponsors', amount: '750.00' },
      {
        date: `${month}-${pad(14 + ((i * 5) % 13))}`,
        source: 'youtube_sponsors',
        amount: String(900 + (i % 3) * 150),
      },
      { date: `${month}-21`, source: 'youtube_ads', amount: String(1200 + ((i * 137) % 400)) },
      {
        date: `${month}-${pad(9 + (i % 15))}`,
        source: 'merchandise',
        amount: String(180 + ((i * 31) % 120)),
      },
    );
  }
  // The month in progress, entered up to `today`: Patreon, one deal so far and a merch payout; AdSense
  // has not arrived.
  entries.push(
    { date: `${currentMonth}-01`, source: 'memberships', amount: '500' },
    { date: `${currentMonth}-12`, source: 'youtube_sponsors', amount: '750.00' },
    { date: `${currentMonth}-09`, source: 'merchandise', amount: '150' },
  );
  return entries.filter((entry) => entry.date <= today);
}

/** Pounds a month over the three complete months before `today`'s month, and those months. */
export function lastThreeCompleteMonths(entries: LumpyEntry[], today: string) {
  const months = [3, 2, 1].map((back) => monthsBefore(today.slice(0, 7), back));
  const pence = entries
    .filter((entry) => months.includes(entry.date.slice(0, 7)))
    .reduce((sum, entry) => sum + Math.round(Number(entry.amount) * 100), 0);
  return { months, pencePerMonth: Math.round(pence / 3) };
}

/** The lumpy year as a CSV in the import's own columns. */
export function lumpyYearCsv(entries: LumpyEntry[]): string {
  return `date,source,amount\n${entries.map((entry) => `${entry.date},${entry.source},${entry.amount}`).join('\n')}\n`;
}
