import { describe, expect, it } from 'vitest';
import { confirmPlace, signUp } from '../../../tests/support/waitlist';
import { creator, operator, setUpAdminApp, t } from './test-support';

// The Waitlist tab runs the launch: an overview, flags, and places removed or set aside one by one or
// in bulk, each audited, nobody else's place lost (issue 55, decision 064).
setUpAdminApp();

const post = (path: string, json: unknown) => operator(path, { method: 'POST', json });

async function places() {
  const { rows } = await t.database.pool.query<{ email: string; position: number | null; flags: string[] }>(
    `SELECT email, position, flags FROM waitlist_signups ORDER BY position NULLS LAST, email`,
  );
  return rows;
}

async function idsOf(emails: string[]) {
  const { rows } = await t.database.pool.query<{ id: string }>(
    'SELECT id FROM waitlist_signups WHERE email = ANY($1::text[]) ORDER BY position',
    [emails],
  );
  return rows.map((row) => row.id);
}

describe('the waitlist overview and its actions', () => {
  it('flags a burst from one network, a disposable domain and an alias, and shows the fill', async () => {
    for (let n = 1; n <= 6; n++) {
      await signUp(t, { email: `burst.${n}@ops.test` }, { 'x-forwarded-for': `198.51.100.${n}` });
    }
    await signUp(t, { email: 'real.person@gmail.com' });
    await confirmPlace(t, 'real.person@gmail.com');
    await signUp(t, { email: 'realperson+2@gmail.com' });
    await signUp(t, { email: 'temp@mailinator.com' });

    const flagsOf = Object.fromEntries((await places()).map((row) => [row.email, row.flags]));
    for (let n = 1; n <= 6; n++) expect(flagsOf[`burst.${n}@ops.test`]).toEqual(['network-burst']);
    expect(flagsOf['real.person@gmail.com']).toEqual([]);
    expect(flagsOf['realperson+2@gmail.com']).toEqual(['alias']);
    expect(flagsOf['temp@mailinator.com']).toEqual(['disposable']);

    const overview = await (await operator('/api/admin/waitlist/overview')).json();
    expect(overview.tiers).toEqual([{ tier: 'free', kept: 1, held: 8, lapsed: 0, setAside: 0 }]);
    expect(overview.flags).toEqual([
      { flag: 'alias', signups: 1 },
      { flag: 'disposable', signups: 1 },
      { flag: 'network-burst', signups: 6 },
    ]);
    // By London day: a run across midnight splits the nine between two days.
    expect(overview.days.reduce((sum: number, day: { signups: number }) => sum + day.signups, 0)).toBe(9);
    expect(overview.sources).toEqual([{ source: 'landing', signups: 9 }]);

    const flagged = await (await operator('/api/admin/waitlist?flagged=yes')).json();
    expect(flagged.total).toBe(8);
    expect(flagged.rows[0]).toMatchObject({
      email: 'burst.1@ops.test',
      flags: ['network-burst'],
      referrals: 0,
    });
  });

  it('sets a burst aside in bulk, closing the gaps, and emails only the proven address', async () => {
    await t.database.pool.query(
      `UPDATE waitlist_signups SET confirmed_at = now(), lapses_at = NULL WHERE email = 'burst.2@ops.test'`,
    );
    const ids = await idsOf(['burst.1@ops.test', 'burst.2@ops.test', 'burst.3@ops.test']);
    const response = await post('/api/admin/waitlist/places/actions', {
      ids,
      action: 'quarantine',
      reason: 'one network, six signups in a second',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ places: 3 });
    const listed = (await places()).filter((row) => row.position !== null);
    expect(listed.map((row) => row.position)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(listed[0]!.email).toBe('burst.4@ops.test');

    const { rows: emails } = await t.database.pool.query(
      `SELECT payload->>'to' AS "to", payload->>'outcome' AS outcome FROM outbox_messages
       WHERE payload->>'template' = 'waitlist-place-review'`,
    );
    expect(emails).toEqual([{ to: 'burst.2@ops.test', outcome: 'set-aside' }]);
    const { rows: audit } = await t.database.pool.query(
      `SELECT action, detail->>'email' AS email FROM admin_audit_log WHERE action = 'waitlist.quarantine' ORDER BY email`,
    );
    expect(audit.map((row) => row.email)).toEqual([
      'burst.1@ops.test',
      'burst.2@ops.test',
      'burst.3@ops.test',
    ]);

    const overview = await (await operator('/api/admin/waitlist/overview')).json();
    expect(overview.setAside.map((row: { email: string }) => row.email).sort()).toEqual([
      'burst.1@ops.test',
      'burst.2@ops.test',
      'burst.3@ops.test',
    ]);
    // Signing a set-aside address up again does not get it round the review.
    await signUp(t, { email: 'burst.1@ops.test' });
    expect((await places()).find((row) => row.email === 'burst.1@ops.test')?.position).toBeNull();

    const [released] = await idsOf(['burst.2@ops.test']);
    const back = await post(`/api/admin/waitlist/places/${released}/release`, {});
    expect(await back.json()).toEqual({ position: 7 });
  });

  it('removes a place, refuses a paid one, and answers bad requests with what to fix', async () => {
    const [alias] = await idsOf(['realperson+2@gmail.com']);
    const removed = await post('/api/admin/waitlist/places/actions', {
      ids: [alias],
      action: 'remove',
      reason: 'an alias of a kept place',
    });
    expect(removed.status).toBe(200);
    const positions = (await places()).filter((row) => row.position !== null).map((row) => row.position);
    expect(positions).toEqual(positions.map((_, index) => index + 1));

    await t.database.pool.query(
      `UPDATE waitlist_signups SET paid_at = now() WHERE email = 'burst.5@ops.test'`,
    );
    const [paid] = await idsOf(['burst.5@ops.test']);
    const refused = await post('/api/admin/waitlist/places/actions', {
      ids: [paid],
      action: 'remove',
      reason: 'test',
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/refund the payment from their page first/);

    const gone = await post('/api/admin/waitlist/places/actions', {
      ids: [alias],
      action: 'remove',
      reason: 'again',
    });
    expect(gone.status).toBe(404);
    const noReason = await post('/api/admin/waitlist/places/actions', {
      ids: [paid],
      action: 'remove',
      reason: '',
    });
    expect(noReason.status).toBe(400);
    expect((await noReason.json()).message).toMatch(/Say why/);
    const tooMany = await post('/api/admin/waitlist/places/actions', {
      ids: Array.from({ length: 501 }, () => paid),
      action: 'remove',
      reason: 'bulk',
    });
    expect(tooMany.status).toBe(400);
  });

  it('is the operators’ alone', async () => {
    expect((await creator('/api/admin/waitlist/overview')).status).toBe(404);
    const signedOut = await t.request('/api/admin/waitlist/places/actions', { method: 'POST', json: {} });
    expect(signedOut.status).toBe(401);
  });
});
