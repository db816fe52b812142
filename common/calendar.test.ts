import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMonthLabel, londonDate } from './calendar';

describe('londonDate', () => {
  it('is the date in London, in GMT and in BST', () => {
    // Winter: London is on UTC.
    expect(londonDate(new Date('2025-01-31T23:59:59Z'))).toBe('2025-01-31');
    expect(londonDate(new Date('2025-02-01T00:00:00Z'))).toBe('2025-02-01');
    // Summer: London is an hour ahead, so 23:30 UTC on the last day is already the 1st.
    expect(londonDate(new Date('2025-04-30T23:30:00Z'))).toBe('2025-05-01');
    expect(londonDate(new Date('2025-04-30T22:59:59Z'))).toBe('2025-04-30');
  });

  it('follows the clocks changing in March and October', () => {
    // BST starts 01:00 UTC on 30 March 2025.
    expect(londonDate(new Date('2025-03-31T22:59:00Z'))).toBe('2025-03-31');
    expect(londonDate(new Date('2025-03-31T23:00:00Z'))).toBe('2025-04-01');
    // BST ends 01:00 UTC on 26 October 2025: at the end of October London is on UTC again.
    expect(londonDate(new Date('2025-10-31T23:30:00Z'))).toBe('2025-10-31');
    expect(londonDate(new Date('2025-11-01T00:00:00Z'))).toBe('2025-11-01');
  });
});

describe('labels', () => {
  it('groups by month and year, and shows calendar dates without shifting them', () => {
    expect(formatMonthLabel('2025-03')).toBe('Mar 2025');
    expect(formatMonthLabel('2024-12')).toBe('Dec 2024');
    expect(formatCalendarDate('2025-03-01')).toBe('1 Mar 2025');
    expect(formatCalendarDate('2025-10-31')).toBe('31 Oct 2025');
  });
});
