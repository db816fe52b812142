import { describe, expect, it } from 'vitest';
import { alertSeverity, alertTimeLabel } from './alert-labels';

describe('alertTimeLabel', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it("says 'Just now' under a minute, then counts minutes under an hour", () => {
    expect(alertTimeLabel(ago(0), now)).toBe('Just now');
    expect(alertTimeLabel(ago(MINUTE - 1), now)).toBe('Just now');
    expect(alertTimeLabel(ago(MINUTE), now)).toBe('1 minute ago');
    expect(alertTimeLabel(ago(12 * MINUTE + 30_000), now)).toBe('12 minutes ago');
    expect(alertTimeLabel(ago(59 * MINUTE + 59_000), now)).toBe('59 minutes ago');
  });

  it('counts hours under a day', () => {
    expect(alertTimeLabel(ago(HOUR), now)).toBe('1 hour ago');
    expect(alertTimeLabel(ago(23 * HOUR + 59 * MINUTE), now)).toBe('23 hours ago');
  });

  it('counts days under a week', () => {
    expect(alertTimeLabel(ago(DAY), now)).toBe('1 day ago');
    expect(alertTimeLabel(ago(7 * DAY - 1), now)).toBe('6 days ago');
  });

  it('shows the date from a week on', () => {
    expect(alertTimeLabel(ago(7 * DAY), now)).toBe('8 Jun 2025');
    expect(alertTimeLabel('2024-12-31T23:30:00Z', now)).toBe('31 Dec 2024');
  });

  it('shows nothing for a date it cannot read', () => {
    expect(alertTimeLabel('not a date', now)).toBe('');
  });
});

describe('alertSeverity', () => {
  it('keeps critical, high and medium and treats anything else as low', () => {
    expect(['critical', 'high', 'medium', 'low', 'info', ''].map(alertSeverity)).toEqual([
      'critical',
      'high',
      'medium',
      'low',
      'low',
      'low',
    ]);
  });
});
