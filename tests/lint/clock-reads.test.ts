import { describe, expect, it } from 'vitest';
import { findClockReadsIn } from '../../scripts/clock-reads';

describe('the clock check', () => {
  it('refuses a bare new Date() or Date.now() in server, common and client code', () => {
    expect(
      findClockReadsIn({
        'server/features/revenue/service.ts': 'const today = londonDate(new Date());',
        'common/calendar.ts': 'export function age(at: number) {\n  return Date.now() - at;\n}',
        'client/src/features/alerts/list.tsx': 'const now = new Date;',
      }),
    ).toEqual([
      'server/features/revenue/service.ts:1: new Date() reads the machine clock; take the time from the clock it is given',
      'common/calendar.ts:2: Date.now() reads the machine clock; take the time from the clock it is given',
      'client/src/features/alerts/list.tsx:1: new Date() reads the machine clock; take the time from the clock it is given',
    ]);
  });

  it('allows a date made from a value, the clock files, tests, and words in comments or strings', () => {
    expect(
      findClockReadsIn({
        'server/features/revenue/store.ts': 'const day = new Date(date);\nconst at = new Date(0);',
        'server/clock.ts': 'export const systemClock = () => new Date();',
        'client/src/lib/clock.ts': 'export function now() {\n  return new Date();\n}',
        'server/features/alerts/scan.test.ts': 'const started = Date.now();',
        'server/features/alerts/service.ts': "// never new Date() here\nconst text = 'Date.now()';",
        'server/jobs/delivery-host.ts': 'const startedAt = performance.now();',
      }),
    ).toEqual([]);
  });
});
