import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { stoppedClockAt } from '../../../tests/support/clock';
import { confirmLinkOf, readCounters, signUp, waitForTotal } from '../../../tests/support/waitlist';
import { lapseHeldPlaces } from './confirm-service';

// A place is held at signup and kept once the welcome email's link confirms the address; one not
// confirmed within 48 hours lapses, and everyone after it moves up (decision 062).
const clock = stoppedClockAt('2026-12-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: clock } });
});

afterAll(async () => {
  await t?.close();
});

const lapses = () =>
  lapseHeldPlaces({
    db: t.database.db,
    jobs: t.jobs,
    now: clock,
    secret: t.config.sessionSecret,
    publicUrl: t.config.publicUrl,
  });
const form = { origin: 'null', 'content-type': 'application/x-www-form-urlencoded' };
const press = (link: string) =>
  fetch(`${t.baseUrl}${new URL(link).pathname}${new URL(link).search}`, {
    method: 'POST',
    headers: form,
    body: 'confirm=yes',
  });
async function placesOf(emails: string[]) {
  const { rows } = await t.database.pool.query<{ email: string; position: number | null; tier: string }>(
    'SELECT email, position, tier FROM waitlist_signups WHERE email = ANY($1::text[]) ORDER BY email',
    [emails],
  );
  return Object.fromEntries(rows.map((row) => [row.email, { position: row.position, tier: row.tier }]));
}

describe('a held place', () => {
  it('is kept by the emailed link’s button, not by opening it, and counts from then on', async () => {
    clock.set('2026-12-01T09:00:00Z');
    const email = 'keeps@held.test';
    const { position } = await (await signUp(t, { email })).json();
    const before = await readCounters(t);
    const link = await confirmLinkOf(t.database.pool, email);

    // Opening it (as a mail scanner would) names the place and keeps nothing.
    const opened = await fetch(link.replace(t.config.publicUrl, t.baseUrl));
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain(`Keep place #${position}?`);
    expect(page).toContain('Keep my place');
    expect(await readCounters(t)).toEqual(before);

    const kept = await press(link);
    expect(kept.status).toBe(200);
    expect(await kept.text()).toContain(`Place #${position} is yours`);
    expect((await waitForTotal(t, before.totalSignups + 1)).totalSignups).toBe(before.totalSignups + 1);
    // Pressed again: already kept, nothing counted twice.
    expect(await (await press(link)).text()).toContain('was confirmed already');
    expect((await readCounters(t)).totalSignups).toBe(before.totalSignups + 1);
  });

  it('lapses after 48 hours unconfirmed: its link says so, and everyone after it moves up', async () => {
    clock.set('2026-12-02T09:00:00Z');
    const [early, late, kept] = ['early@held.test', 'late@held.test', 'kept@held.test'];
    for (const email of [early, late, kept]) await signUp(t, { email });
    const at = await placesOf([early, late, kept]);
    await press(await confirmLinkOf(t.database.pool, kept));

    // A minute before the 48 hours, nothing lapses.
    clock.set('2026-12-04T08:59:00Z');
    expect((await lapses()).lapsed).toBe(0);
    clock.set('2026-12-04T09:01:00Z');
    expect((await lapses()).lapsed).toBe(2);
    const after = await placesOf([early, late, kept]);
    expect(after[early]!.position).toBeNull();
    expect(after[late]!.position).toBeNull();
    expect(after[kept]!.position).toBe(at[kept]!.position! - 2);

    const lapsed = await press(await confirmLinkOf(t.database.pool, early));
    expect(lapsed.status).toBe(400);
    expect(await lapsed.text()).toContain('This place has lapsed');
    // Signing up again holds a new place, at the end.
    const again = await (await signUp(t, { email: early })).json();
    expect(again.position).toBeGreaterThan(after[kept]!.position!);
    expect((await placesOf([early]))[early]!.position).toBe(again.position);
  });

  it('from before addresses were confirmed gets 48 hours from the release, with an email saying so', async () => {
    clock.set('2026-12-05T09:00:00Z');
    const { rows } = await t.database.pool.query<{ position: number }>(
      `UPDATE waitlist_counter SET total = total + 1 WHERE id = 1 RETURNING total AS position`,
    );
    const position = rows[0]!.position;
    // A place as the list held it before: no confirmation, no deadline.
    await t.database.pool.query(
      `INSERT INTO waitlist_signups (email, position, tier, signup_source) VALUES ('older@held.test', $1, 'waitlist', 'landing')`,
      [position],
    );
    expect(await lapses()).toEqual({ held: 1, lapsed: 0 });
    const { rows: emails } = await t.database.pool.query<{ payload: Record<string, string> }>(
      `SELECT payload FROM outbox_messages WHERE payload->>'to' = 'older@held.test'`,
    );
    expect(emails).toHaveLength(1);
    expect(emails[0]!.payload).toMatchObject({
      template: 'waitlist-welcome',
      position,
      confirmBy: '2026-12-07T09:00:00.000Z',
      message: expect.stringContaining(`Confirm within 48 hours to keep #${position}`),
    });
    // Held once: the next run leaves it, and it lapses on time.
    expect(await lapses()).toEqual({ held: 0, lapsed: 0 });
    clock.set('2026-12-07T09:00:01Z');
    expect((await lapses()).held).toBe(0);
    expect((await placesOf(['older@held.test']))['older@held.test']!.position).toBeNull();
  });
});
