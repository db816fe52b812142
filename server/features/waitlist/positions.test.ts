import { countersForTotal, tierForPosition } from '@common/waitlist';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import {
  confirmPlace,
  readCounters,
  seedSignupsUpTo,
  signUp,
  waitForTotal,
} from '../../../tests/support/waitlist';

/** Each test here needs the waitlist to start empty, so each gets an app and a database of its own. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

describe('counters', () => {
  it('follow the formula at the edges of the free and lifetime spots', async () => {
    const empty = await readCounters(t);
    expect(empty).toEqual({ freeSpots: 50, lifetimeSpots: 500, totalSignups: 0 });
    // Totals only grow, so the edges are visited in order on one waitlist.
    for (const total of [49, 50, 51, 549, 550, 551]) {
      await seedSignupsUpTo(t.database.pool, total);
      expect(await waitForTotal(t, total)).toEqual(countersForTotal(total));
    }
    expect(await waitForTotal(t, 551)).toEqual({ freeSpots: 0, lifetimeSpots: 0, totalSignups: 551 });

    // The next real signup holds #552, on the waitlist, and counts once its address is confirmed.
    const body = await (await signUp(t, { email: 'after-the-seed@ballast.test' })).json();
    expect(body).toMatchObject({ position: 552, tier: 'waitlist' });
    expect((await readCounters(t)).totalSignups).toBe(551);
    await confirmPlace(t, 'after-the-seed@ballast.test');
    expect(await waitForTotal(t, 552)).toMatchObject({ totalSignups: 552 });
  });
});

describe('500 signups at once', () => {
  it('hands out positions 1..500 with no gap or repeat, and tiers exactly by position', async () => {
    const fresh = await startTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const emails = Array.from({ length: 500 }, (_, index) => `wave.${index}@ballast.test`);
      const bodies = await Promise.all(
        emails.map(async (email) => {
          const response = await signUp(fresh, { email });
          expect(response.status).toBe(200);
          return { email, ...((await response.json()) as { position: number; tier: string }) };
        }),
      );
      const positions = bodies.map((body) => body.position).sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: 500 }, (_, index) => index + 1));
      for (const body of bodies) expect(body.tier).toBe(tierForPosition(body.position));

      const { rows } = await fresh.database.pool.query<{ email: string; position: number; tier: string }>(
        'SELECT email, position, tier FROM waitlist_signups ORDER BY position',
      );
      expect(rows.map((row) => row.position)).toEqual(positions);
      expect(rows).toEqual(
        [...bodies]
          .sort((a, b) => a.position - b.position)
          .map(({ email, position, tier }) => ({ email, position, tier })),
      );
      // Held places count for nobody until their addresses are confirmed; then every one does.
      expect(await readCounters(fresh)).toEqual(countersForTotal(0));
      await Promise.all(emails.map((email) => confirmPlace(fresh, email)));
      expect(await waitForTotal(fresh, 500)).toEqual(countersForTotal(500));
      const { rows: outbox } = await fresh.database.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM outbox_messages WHERE payload->>'template' = 'waitlist-welcome'",
      );
      expect(outbox[0]!.n).toBe(500);
    } finally {
      await fresh.close();
    }
  }, 60_000);
});
