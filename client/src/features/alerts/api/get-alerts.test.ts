import type { Alert } from '@common/alerts';
import { describe, expect, it } from 'vitest';
import { type AlertPages, withNewAlert } from './get-alerts';

const alert = (
  id: string,
  severity: string,
  atStakePence: number | null,
  readAt: string | null = null,
): Alert => ({
  id,
  severity,
  platform: 'youtube',
  title: id,
  description: '',
  impactDescription: null,
  mitigationStrategy: null,
  atStakePence,
  createdAt: '2026-11-20T10:00:00Z',
  readAt,
});

const pagesOf = (alerts: Alert[]): AlertPages => ({
  pages: [{ alerts, nextCursor: null, checks: { lastCheckedAt: null, nextCheckAt: null } }],
  pageParams: [null],
});

const ids = (pages: AlertPages | undefined) => pages?.pages[0]?.alerts.map((item) => item.id);

describe('a live alert joining the list', () => {
  const list = pagesOf([
    alert('critical-big', 'critical', 90_000),
    alert('high-big', 'high', 60_000),
    alert('high-small', 'high', 10_000),
    alert('read', 'critical', 99_000, '2026-11-21T10:00:00Z'),
  ]);

  it('goes where the server would list it: after the unread alerts that outrank it, before read ones', () => {
    expect(ids(withNewAlert(list, alert('new', 'high', 30_000)))).toEqual([
      'critical-big',
      'high-big',
      'new',
      'high-small',
      'read',
    ]);
    expect(ids(withNewAlert(list, alert('new', 'medium', null)))).toEqual([
      'critical-big',
      'high-big',
      'high-small',
      'new',
      'read',
    ]);
  });

  it('is shown once, even when the stream sends it again', () => {
    const once = withNewAlert(list, alert('new', 'critical', 100_000));
    expect(ids(withNewAlert(once, alert('new', 'critical', 100_000)))).toEqual(ids(once));
    expect(ids(once)?.[0]).toBe('new');
  });
});
