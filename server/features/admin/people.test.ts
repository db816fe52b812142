import type { AuditPage, Person } from '@common/admin-people';
import { describe, expect, it } from 'vitest';
import { waitForDeliveryToSettle } from '../../../tests/support/outbox';
import { nextClientAddress, proveAddress, signUpUser } from '../../../tests/support/users';
import { signUp } from '../../../tests/support/waitlist';
import { creator, OPERATOR, operator, setUpAdminApp, smtp, t } from './test-support';

setUpAdminApp();

const person = async (email: string) => {
  const response = await operator(`/api/admin/people?email=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Person;
};

const sendContactMessage = (email: string, message: string) =>
  t.request('/api/contact', {
    method: 'POST',
    json: { name: 'Maya', email, message },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });

const resend = (id: string) => operator(`/api/admin/deliveries/${id}/resend`, { method: 'POST' });

const auditPage = async (query: string) => {
  const response = await operator(`/api/admin/audit-log?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as AuditPage;
};

describe("a person's page", () => {
  it('is refused signed out (401) and to a creator (404), and asks for a whole address', async () => {
    expect((await t.request('/api/admin/people?email=a@b.test')).status).toBe(401);
    expect((await creator('/api/admin/people?email=a@b.test')).status).toBe(404);
    const bad = await operator('/api/admin/people?email=not-an-address');
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/valid email address/);
  });

  it('holds the waitlist place, the account and its plan, every email sent and the messages from the address', async () => {
    const email = `person.${Date.now()}@studio.test`;
    expect((await signUp(t, { email })).ok).toBe(true);
    const user = await signUpUser(t, { email });
    await proveAddress(t, user);
    expect((await sendContactMessage(email.toUpperCase(), 'Where is my confirmation?')).ok).toBe(true);
    await sendContactMessage(`someone.else.${Date.now()}@studio.test`, 'Not theirs');

    const found = await person(` ${email.toUpperCase()} `);
    expect(found.email).toBe(email);
    expect(found.place).toMatchObject({
      state: 'held',
      tier: expect.any(String),
      signupSource: expect.any(String),
    });
    expect(found.place?.position).toBeGreaterThan(0);
    expect(found.account).toMatchObject({
      id: user.id,
      email,
      emailVerified: true,
      plan: expect.any(String),
    });
    const templates = found.emails.map((sent) => sent.template);
    expect(templates).toEqual(
      expect.arrayContaining(['waitlist-welcome', 'verify-email', 'contact-acknowledgement']),
    );
    expect(found.emails.every((sent) => sent.to === email)).toBe(true);
    expect(found.messages.map((message) => message.message)).toEqual(['Where is my confirmation?']);

    const nobody = await person(`nobody.${Date.now()}@studio.test`);
    expect(nobody).toMatchObject({ place: null, account: null, emails: [], messages: [] });
  });
});

describe('sending an email again', () => {
  it('sends the welcome again, audited, and lists both welcomes among the emails to the address', async () => {
    const email = `resend.${Date.now()}@studio.test`;
    await signUp(t, { email });
    const [welcome] = (await person(email)).emails;
    expect(welcome).toMatchObject({ template: 'waitlist-welcome' });
    await waitForDeliveryToSettle(t.database.pool, welcome!.id);
    await smtp.waitForMailTo(email, /./);

    const sent = await resend(welcome!.id);
    expect(sent.status).toBe(200);
    const { id, status } = (await sent.json()) as { id: string; status: string };
    expect(status).toBe('pending');
    expect(id).not.toBe(welcome!.id);
    await smtp.waitForMailsTo(email, /./, 2);

    const listed = (await person(email)).emails;
    expect(listed.map((row) => row.template)).toEqual(['waitlist-welcome', 'waitlist-welcome']);
    const [entry] = (await auditPage('action=delivery.resend')).entries;
    expect(entry).toMatchObject({ operatorEmail: OPERATOR, targetId: welcome!.id, target: { email } });
  });

  it('refuses an email still on its way, or whose link has expired, and keeps one over the hourly limit as skipped', async () => {
    const email = `limits.${Date.now()}@studio.test`;
    await signUpUser(t, { email });
    const [verify] = (await person(email)).emails.filter((sent) => sent.template === 'verify-email');
    await waitForDeliveryToSettle(t.database.pool, verify!.id);
    await t.database.pool.query(
      "UPDATE outbox_messages SET created_at = created_at - interval '25 hours' WHERE id = $1",
      [verify!.id],
    );
    const expired = await resend(verify!.id);
    expect(expired.status).toBe(409);
    expect((await expired.json()).message).toMatch(/link has expired/);
    expect((await person(email)).emails.find((sent) => sent.id === verify!.id)?.notResendable).toMatch(
      /link has expired/,
    );

    // Three acknowledgements an hour at most to one address (recipient-limits.ts), however they are asked for.
    for (let sent = 0; sent < 3; sent++) await sendContactMessage(email, `Message ${sent}`);
    const acknowledgements = (await person(email)).emails.filter(
      (sent) => sent.template === 'contact-acknowledgement',
    );
    expect(acknowledgements).toHaveLength(3);
    await Promise.all(acknowledgements.map((sent) => waitForDeliveryToSettle(t.database.pool, sent.id)));
    const overLimit = await resend(acknowledgements[0]!.id);
    expect(await overLimit.json()).toEqual({ id: null, status: 'skipped' });
    const skipped = (await person(email)).emails.filter((sent) => sent.status === 'skipped');
    expect(skipped).toEqual([
      expect.objectContaining({ note: expect.stringMatching(/recipient limit of 3/) }),
    ]);

    await t.database.pool.query("UPDATE outbox_messages SET status = 'pending' WHERE id = $1", [
      acknowledgements[1]!.id,
    ]);
    expect((await resend(acknowledgements[1]!.id)).status).toBe(409);
  });
});

describe('the audit log', () => {
  it('names what each entry acted on as it is now, and says when it is gone', async () => {
    const kept = await signUpUser(t);
    const gone = await signUpUser(t);
    for (const user of [kept, gone]) {
      const granted = await operator(`/api/admin/users/${user.id}/plan`, {
        method: 'PUT',
        json: { plan: 'guardian', reason: 'Partner pilot' },
      });
      expect(granted.status).toBe(200);
    }
    await t.database.pool.query('DELETE FROM users WHERE id = $1', [gone.id]);
    const { entries } = await auditPage('action=plan.grant');
    expect(entries.find((entry) => entry.targetId === kept.id)?.target).toEqual({
      label: kept.email,
      email: kept.email,
    });
    expect(entries.find((entry) => entry.targetId === gone.id)?.target).toEqual({
      label: 'an account since deleted',
      email: null,
    });
  });

  it('pages 50 at a time and filters by operator, action and London day', async () => {
    const who = `audit.${Date.now()}@ballast.test`;
    // 23:30 UTC on 1 June is 00:30 on 2 June in London (BST); 22:30 UTC is still 1 June there.
    await t.database.pool.query(
      `INSERT INTO admin_audit_log (operator_email, action, target_id, detail, created_at)
       SELECT $1, CASE WHEN n % 2 = 0 THEN 'message.read' ELSE 'waitlist.export' END, NULL, '{}'::jsonb,
              CASE WHEN n <= 30 THEN timestamptz '2026-06-01 23:30Z' ELSE timestamptz '2026-06-01 22:30Z' END
       FROM generate_series(1, 55) AS n`,
      [who],
    );
    const operatorQuery = `operator=${encodeURIComponent(who.toUpperCase())}`;
    const first = await auditPage(operatorQuery);
    expect(first).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(first.entries).toHaveLength(50);
    expect(first.operators).toEqual(expect.arrayContaining([who, OPERATOR]));
    const second = await auditPage(`${operatorQuery}&page=2`);
    expect(second.entries).toHaveLength(5);
    expect(new Set([...first.entries, ...second.entries].map((entry) => entry.id)).size).toBe(55);

    expect((await auditPage(`${operatorQuery}&from=2026-06-02&to=2026-06-02`)).total).toBe(30);
    expect((await auditPage(`${operatorQuery}&to=2026-06-01`)).total).toBe(25);
    expect((await auditPage(`${operatorQuery}&action=message.read&from=2026-06-02`)).total).toBe(15);

    const backwards = await operator('/api/admin/audit-log?from=2026-06-03&to=2026-06-02');
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).message).toMatch(/first day comes before the last/);
    for (const day of ['2026-13-45', '2026-02-30', '0000-01-01']) {
      const impossible = await operator(`/api/admin/audit-log?from=${day}`);
      expect(impossible.status, day).toBe(400);
    }
  });
});
