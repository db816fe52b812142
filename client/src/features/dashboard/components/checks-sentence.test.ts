import { describe, expect, it } from 'vitest';
import { onMachineInZone } from '../../../../../tests/support/machine-zone';
import { checksSentence } from './alerts-card';

// A browser in California: London's day is already the next one for most of its evening.
onMachineInZone('America/Los_Angeles');

describe('the alerts card’s check times', () => {
  const lastCheckedAt = '2027-06-30T23:20:00Z';

  it('names the time alone when the next check is today in London', () => {
    // 00:30 BST on 1 July; the next check at 00:35 the same London day.
    const now = new Date('2027-06-30T23:30:00Z');
    expect(checksSentence({ lastCheckedAt, nextCheckAt: '2027-06-30T23:35:00Z' }, now)).toBe(
      'Last checked 10 minutes ago. Next check by 00:35.',
    );
  });

  it('names the day when the next check is on another London day', () => {
    // 23:50 BST on 30 June; the daily scan next runs at 14:30 on 1 July.
    const now = new Date('2027-06-30T22:50:00Z');
    expect(
      checksSentence({ lastCheckedAt: '2027-06-30T22:40:00Z', nextCheckAt: '2027-07-01T13:30:00Z' }, now),
    ).toBe('Last checked 10 minutes ago. Next check by 1 July at 14:30.');
  });
});
