import { ms, number, type Result, type Row } from './report-format';

/** The lapse job's rows (bench/waitlist-lapses.ts): the job's time, and the signups waiting behind it. */
export const WAITLIST_LAPSE_ROWS: Record<string, (result: Result) => Row[]> = {
  waitlistLapses: (r) => [
    [
      `\`waitlist-lapses\` job over ${number(r.places)} held places, ${number(r.due)} of them due`,
      `${r.jobSeconds} s for the job (${number(r.lapsed)} lapsed over both jobs, positions gap-free: ${r.positionsGapFree ? 'yes' : 'no'}); signups at 100/s meanwhile: p99 ${ms(r.signupsAt100PerSecondDuring.p99Ms)}, max ${ms(r.signupsAt100PerSecondDuring.maxMs)}`,
      '',
      '',
    ],
    [
      `\`waitlist-lapses\` job, then 10 places due near the top of ${number(r.places)}`,
      `${r.tenDueJobSeconds} s for the job; signups at 100/s meanwhile: p99 ${ms(r.signupsAt100PerSecondDuringTenDue?.p99Ms)}`,
      '',
      '',
    ],
  ],
};
