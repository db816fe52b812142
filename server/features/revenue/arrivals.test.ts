import { describe, expect, it } from 'vitest';
import {
  ARRIVAL_MARGIN_DAYS,
  arrivalOf,
  DEFAULT_LAG_DAYS,
  lastMonthIn,
  pendingStreams,
  type SourceMonth,
} from './arrivals';

/** AdSense as a creator records it: the month's total dated its last day, typed on the 22nd of the next. */
const adsense = (month: string, recorded: string, pence = 146_000): SourceMonth => ({
  source: 'youtube_ads',
  month,
  pence,
  entries: 1,
  firstRecorded: recorded,
});

const adsenseYear = [
  adsense('2026-06', '2026-07-22'),
  adsense('2026-07', '2026-08-21'),
  adsense('2026-08', '2026-09-23'),
  adsense('2026-09', '2026-10-22'),
  adsense('2026-10', '2026-11-22'),
];

describe('when a stream’s money arrives', () => {
  it('learns the usual day from the months recorded as they came', () => {
    expect(arrivalOf(adsenseYear, '2026-11')).toEqual({ datedBy: 'earned', lag: 22, observed: 5 });
  });

  it('ignores months caught up long after (an old file imported today) and falls back to the 25th', () => {
    const imported = adsenseYear.map((row) => ({ ...row, firstRecorded: '2027-03-02' }));
    expect(arrivalOf(imported, '2026-11')).toEqual({ datedBy: 'earned', lag: DEFAULT_LAG_DAYS, observed: 0 });
  });

  it('learns nothing from the first day of recording: a history typed on one day is what she already had', () => {
    // Everything to October typed on 1 December: October looks 31 days late, but that is the catching up.
    const oneDay = adsenseYear.map((row) => ({ ...row, firstRecorded: '2026-12-01' }));
    expect(arrivalOf(oneDay, '2026-11', '2026-12-01')).toEqual({
      datedBy: 'earned',
      lag: DEFAULT_LAG_DAYS,
      observed: 0,
    });
    const [awaited] = pendingStreams(oneDay, '2026-12-01');
    expect(awaited).toMatchObject({ month: '2026-11', state: 'awaited', usuallyBy: '2026-12-25' });
    // A month recorded after that first day teaches as before.
    const later = [...oneDay.slice(0, -1), adsense('2026-10', '2026-11-22')];
    expect(arrivalOf(later, '2026-11', '2026-11-02').lag).toBe(22);
  });

  it('tells a stream dated the day it is paid (Patreon on the 1st, typed the same day)', () => {
    const patreon: SourceMonth[] = ['2026-08', '2026-09', '2026-10'].map((month) => ({
      source: 'memberships',
      month,
      pence: 61_000,
      entries: 1,
      firstRecorded: `${month}-01`,
    }));
    const arrival = arrivalOf(patreon, '2026-11');
    expect(arrival.datedBy).toBe('paid');
    expect(arrival.lag).toBeLessThan(0);
  });
});

describe('which of the latest months are in', () => {
  it('on 1 December November’s AdSense is awaited, not missing, and the window ends with October', () => {
    const pending = pendingStreams(adsenseYear, '2026-12-01');
    expect(pending).toEqual([
      {
        source: 'youtube_ads',
        month: '2026-11',
        state: 'awaited',
        usualPence: 146_000,
        usuallyBy: '2026-12-22',
      },
    ]);
    expect(lastMonthIn(pending, '2026-12-01')).toBe('2026-10');
  });

  it('is awaited through its usual day plus the margin, then missing', () => {
    const lastAwaited = `2026-12-${22 + ARRIVAL_MARGIN_DAYS}`;
    expect(pendingStreams(adsenseYear, lastAwaited)[0]!.state).toBe('awaited');
    expect(pendingStreams(adsenseYear, '2026-12-28')[0]!.state).toBe('missing');
  });

  it('is in once anything is recorded for the month, £0 included', () => {
    const withNovember = [...adsenseYear, adsense('2026-11', '2026-12-22')];
    expect(pendingStreams(withNovember, '2026-12-22')).toEqual([]);
    const saidNothing = [...adsenseYear, adsense('2026-11', '2026-12-29', 0)];
    expect(pendingStreams(saidNothing, '2026-12-29')).toEqual([]);
    expect(lastMonthIn([], '2026-12-29')).toBe('2026-11');
  });

  it('expects only streams that came in each of the three months before', () => {
    const oneOff = [
      adsense('2026-09', '2026-10-22'),
      { ...adsense('2026-08', '2026-08-10'), source: 'licensing' as const },
    ];
    expect(pendingStreams(oneOff, '2026-12-01')).toEqual([]);
  });

  it('reminds once of a stream that ended, then stops expecting it', () => {
    const ended = adsenseYear.slice(0, 4);
    expect(pendingStreams(ended, '2026-12-01').map((stream) => [stream.month, stream.state])).toEqual([
      ['2026-10', 'missing'],
    ]);
    expect(pendingStreams(ended, '2027-01-02')).toEqual([]);
  });

  it('does not await a stream that paused (a course sold in July and August, not September)', () => {
    const courses = [adsense('2026-07', '2026-11-23'), adsense('2026-08', '2026-11-23')];
    expect(pendingStreams(courses, '2026-11-23')).toEqual([]);
    const summer = ['2026-06', '2026-07', '2026-08'].map((month) => adsense(month, '2026-09-05'));
    expect(pendingStreams(summer, '2026-10-02')).toMatchObject([{ month: '2026-09', state: 'awaited' }]);
  });
});
