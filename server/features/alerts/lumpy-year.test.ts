import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { scanChangedCreators } from './scan';
import { alertsOf, first, setUpTwoInstances } from './test-support';

setUpTwoInstances();

/** "Today" for the scan: the 26th, with November half entered. */
const the26th = new Date('2026-11-26T12:00:00Z');
const scanOn26th = () => scanChangedCreators({ db: first.database.db, jobs: first.jobs }, () => the26th);

/** July 2025 to October 2026 complete, then November so far. */
const MONTHS = Array.from({ length: 17 }, (_, index) =>
  new Date(Date.UTC(2025, 6 + index, 1)).toISOString().slice(0, 7),
);
/** Two sponsorship deals a month on days that wander; one slipped from August into September. */
const SPONSOR_DAYS = [
  [4, 19],
  [11, 24],
  [2, 17],
  [9, 22],
  [6, 15],
  [13, 25],
  [3, 18],
  [8, 21],
  [5, 23],
  [12, 20],
  [7, 16],
  [10, 24],
  [4, 22],
  [14],
  [2, 9, 27],
  [6, 18],
];

/**
 * About £3,900 a month: AdSense on the 21st (£1,640), two £750 sponsorships, Patreon on the 1st (£620)
 * and merchandise payouts on the 8th and 20th. November has Patreon, merch, AdSense and one deal so far.
 * `adsenseFrom` cuts AdSense by 40% from that month on.
 */
function priyasYear(adsenseFrom?: string) {
  const entries: { source: string; amount: string; date: string }[] = [];
  for (const [index, month] of MONTHS.entries()) {
    const adsense = adsenseFrom && month >= adsenseFrom ? 984 : 1640;
    entries.push(
      { source: 'memberships', amount: String(610 + (index % 3) * 10), date: `${month}-01` },
      { source: 'merchandise', amount: String(60 + (index % 2) * 15), date: `${month}-08` },
      { source: 'merchandise', amount: String(70 + (index % 3) * 5), date: `${month}-20` },
      { source: 'youtube_ads', amount: String(adsense), date: `${month}-21` },
    );
    for (const day of SPONSOR_DAYS[index] ?? [9]) {
      entries.push({
        source: 'youtube_sponsors',
        amount: '750',
        date: `${month}-${String(day).padStart(2, '0')}`,
      });
    }
  }
  return entries;
}

async function creatorWith(entries: ReturnType<typeof priyasYear>) {
  const request = as(first, await signUpUser(first));
  for (const json of entries) {
    const response = await request('/api/revenue', { method: 'POST', json });
    expect(response.status).toBe(201);
  }
  return request;
}

describe('a lumpy year', () => {
  it('raises nothing for one deal by the 26th when two usually come, and still catches a 40% AdSense fall first', async () => {
    const steady = await creatorWith(priyasYear());
    const dropped = await creatorWith(priyasYear('2026-10'));
    await scanOn26th();

    expect(await alertsOf(steady)).toEqual([]);

    const alerts = await alertsOf(dropped);
    expect(alerts.map((alert) => alert.title).sort()).toEqual([
      'YouTube Ads revenue fell 40%',
      'YouTube Ads revenue is 40% behind its usual pace',
    ]);
    // £656 a month against an income of about £3,680: high, not critical (under 15% it would be medium).
    expect(alerts[0]).toMatchObject({
      severity: 'high',
      mitigationStrategy:
        'Check the platform’s analytics for a reach change, and post where your audience still sees you.',
    });
  });
});
