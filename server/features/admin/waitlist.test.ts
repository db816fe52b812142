import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { signUp } from '../../../tests/support/waitlist';
import { auditActions, OPERATOR, operator, setUpAdminApp, t } from './test-support';
import { WAITLIST_CSV_HEADER } from './waitlist-service';

setUpAdminApp();

describe('the waitlist', () => {
  it('searches, filters, pages and shows paid and unsubscribed places', async () => {
    for (let n = 1; n <= 60; n++) {
      const source = n % 3 === 0 ? 'not-found' : 'landing';
      const response = await signUp(t, {
        email: `list.${String(n).padStart(2, '0')}@wl.test`,
        signupSource: source,
      });
      expect(response.ok).toBe(true);
    }
    await t.database.pool.query(
      `UPDATE waitlist_signups SET paid_at = now(), confirmed_at = now(), lapses_at = NULL WHERE email = 'list.55@wl.test'`,
    );
    await t.database.pool.query(
      `INSERT INTO email_suppressions (email, reason) VALUES ('list.07@wl.test', 'unsubscribe-link')`,
    );

    const first = (await (await operator('/api/admin/waitlist')).json()) as {
      rows: {
        email: string;
        position: number;
        tier: string;
        paidAt: string | null;
        confirmedAt: string | null;
        lapsesAt: string | null;
        isUnsubscribed: boolean;
      }[];
      total: number;
      pageSize: number;
      sources: string[];
    };
    expect(first.total).toBe(60);
    expect(first.rows).toHaveLength(50);
    expect(first.rows.map((row) => row.position)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(first.sources).toEqual(['landing', 'not-found']);
    expect(first.rows.find((row) => row.email === 'list.07@wl.test')?.isUnsubscribed).toBe(true);

    const second = (await (await operator('/api/admin/waitlist?page=2')).json()) as typeof first;
    expect(second.rows.map((row) => row.position)).toEqual(Array.from({ length: 10 }, (_, i) => i + 51));
    expect(second.rows.find((row) => row.email === 'list.55@wl.test')).toMatchObject({
      tier: 'lifetime_paid',
      paidAt: expect.any(String),
      confirmedAt: expect.any(String),
      lapsesAt: null,
    });
    // The others are only held: the console says until when.
    expect(first.rows[0]).toMatchObject({ confirmedAt: null, lapsesAt: expect.any(String) });

    const search = (await (await operator('/api/admin/waitlist?q=LIST.5')).json()) as typeof first;
    expect(search.rows.map((row) => row.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `list.5${i}@wl.test`),
    );
    // A wildcard typed into the search is a letter to find, not "anything".
    const wildcard = (await (await operator('/api/admin/waitlist?q=%25')).json()) as typeof first;
    expect(wildcard.total).toBe(0);

    const filtered = (await (
      await operator('/api/admin/waitlist?tier=lifetime_paid&source=not-found')
    ).json()) as typeof first;
    expect(filtered.rows.map((row) => row.position)).toEqual([51, 54, 57, 60]);

    const bad = await operator('/api/admin/waitlist?tier=gold&page=0');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/Choose a tier|Pages start at 1/);
  });

  it('exports the filtered set as CSV, quoting what needs it and neutralising formulas', async () => {
    // Addresses the signup form would refuse, written straight in: the export must survive anything.
    const awkward = ['odd,"quoted"@csv.test', "=cmd|' /C calc'!A0@csv.test", '+1@csv.test', '@at@csv.test'];
    for (const email of awkward) {
      await t.database.pool.query(
        `WITH n AS (UPDATE waitlist_counter SET total = total + 1 WHERE id = 1 RETURNING total)
         INSERT INTO waitlist_signups (email, position, tier, signup_source) SELECT $1, total, 'waitlist', 'import' FROM n`,
        [email],
      );
    }
    const response = await operator('/api/admin/waitlist/export?source=import');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="ballast-waitlist-/);
    const text = await response.text();
    const rows = parse(text) as string[][];
    expect(rows[0]).toEqual(WAITLIST_CSV_HEADER);
    expect(rows.slice(1).map((row) => row[1])).toEqual([
      'odd,"quoted"@csv.test',
      "'=cmd|' /C calc'!A0@csv.test",
      "'+1@csv.test",
      "'@at@csv.test",
    ]);
    // No cell starts with a formula character once unquoted.
    for (const row of rows.slice(1)) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);

    const all = parse(await (await operator('/api/admin/waitlist/export')).text()) as string[][];
    expect(all).toHaveLength(1 + 64);
    expect(await auditActions()).toContainEqual({
      action: 'waitlist.export',
      operatorEmail: OPERATOR,
      targetId: null,
    });
  });
});

describe('exporting a large waitlist', () => {
  it('streams 100,000 rows', async () => {
    await t.database.pool.query(`
      WITH n AS (SELECT total FROM waitlist_counter WHERE id = 1)
      INSERT INTO waitlist_signups (email, position, tier, signup_source)
      SELECT 'bulk' || g || '@bulk.test', n.total + g, 'waitlist', 'bulk' FROM n, generate_series(1, 100000) g`);
    await t.database.pool.query(`UPDATE waitlist_counter SET total = total + 100000 WHERE id = 1`);
    const response = await operator('/api/admin/waitlist/export?source=bulk');
    expect(response.status).toBe(200);
    let lines = 0;
    let last = '';
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      const text = decoder.decode(chunk.value, { stream: true });
      lines += text.split('\r\n').length - 1;
      last = text;
    }
    expect(lines).toBe(100_001);
    expect(last).toMatch(/"bulk100000@bulk\.test"/);
  }, 60_000);
});
