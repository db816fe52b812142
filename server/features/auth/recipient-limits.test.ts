// Emails a stranger can ask for reach one address at most a few times an hour (decision 063), however
// many client addresses ask and whichever instance answers; the answer never changes, and every email
// not sent is kept as skipped with its reason.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../tests/support/app';
import { stoppedClockAt } from '../../../tests/support/clock';
import { twoInstancesForThisFile } from '../../../tests/support/two-instances';
import { nextClientAddress, signUpUser } from '../../../tests/support/users';
import { RECIPIENT_LIMIT_WINDOW_MS, RECIPIENT_LIMITS } from '../../jobs/recipient-limits';
import { uniqueEmail } from './test-support';

const clock = stoppedClockAt('2027-03-01T10:00:00Z');
// In development Better Auth's per-client limits are on too: every ask below passes them, from a
// client address of its own.
const apps = twoInstancesForThisFile({
  env: { NODE_ENV: 'development', TRUST_PROXY: 'true' },
  deps: { now: clock },
});
let first: TestApp;
let second: TestApp;
beforeAll(() => {
  ({ first, second } = apps);
});

/** Asks `times` times, each from another client address, alternating instances; the answers. */
async function askRepeatedly(times: number, path: string, body: Record<string, unknown>) {
  const answers: { status: number; body: unknown }[] = [];
  for (let ask = 0; ask < times; ask++) {
    const response = await (ask % 2 === 0 ? first : second).request(`/api/identity${path}`, {
      method: 'POST',
      json: body,
      headers: { 'x-forwarded-for': nextClientAddress() },
    });
    answers.push({ status: response.status, body: await response.json() });
  }
  return answers;
}

/** The outbox rows of one kind to one address, by status, with the notes of the skipped ones. */
async function emailsTo(email: string, template: string) {
  const { rows } = await first.database.pool.query<{ id: string; status: string; note: string | null }>(
    `SELECT id, status, note FROM outbox_messages WHERE payload->>'to' = $1 AND payload->>'template' = $2`,
    [email, template],
  );
  const { rows: jobs } = await first.database.pool.query<{ queued: number }>(
    `SELECT count(*)::int AS queued FROM pgboss.job WHERE name = 'outbox-delivery' AND data->>'outboxId' = ANY($1)`,
    [rows.map((row) => row.id)],
  );
  return {
    queued: rows.filter((row) => row.status === 'pending').length,
    deliveryJobs: jobs[0]!.queued,
    skipped: rows.filter((row) => row.status === 'skipped').map((row) => row.note),
  };
}

const note = (template: keyof typeof RECIPIENT_LIMITS) =>
  `not sent: over the recipient limit of ${RECIPIENT_LIMITS[template]} ${template} emails an hour to one address`;

describe('emails per recipient', () => {
  it('queues at most the hour’s sign-in links to one address, asked from many clients on both instances', async () => {
    const email = uniqueEmail('links');
    const max = RECIPIENT_LIMITS['magic-link'];
    const answers = await askRepeatedly(max + 3, '/sign-in/magic-link', { email, callbackURL: '/' });
    // Every ask is answered as the first was: nothing tells the asker the email went nowhere.
    expect(answers).toEqual(Array(max + 3).fill(answers[0]));
    expect(answers[0]!.status).toBe(200);
    expect(await emailsTo(email, 'magic-link')).toEqual({
      queued: max,
      deliveryJobs: max,
      skipped: Array(3).fill(note('magic-link')),
    });

    // An hour after the first, the address may have another.
    clock.set(new Date(clock().getTime() + RECIPIENT_LIMIT_WINDOW_MS));
    await askRepeatedly(1, '/sign-in/magic-link', { email, callbackURL: '/' });
    expect((await emailsTo(email, 'magic-link')).queued).toBe(max + 1);
  });

  it('queues at most the hour’s password resets to an account, and a sign-up’s warnings to its owner', async () => {
    const { email } = await signUpUser(first);
    const resets = RECIPIENT_LIMITS['password-reset'];
    const answers = await askRepeatedly(resets + 2, '/request-password-reset', {
      email,
      redirectTo: '/reset-password',
    });
    expect(answers).toEqual(Array(resets + 2).fill(answers[0]));
    expect(await emailsTo(email, 'password-reset')).toEqual({
      queued: resets,
      deliveryJobs: resets,
      skipped: Array(2).fill(note('password-reset')),
    });

    // Signing up again with the address tells its owner, a few times an hour at most.
    const warnings = RECIPIENT_LIMITS['sign-up-existing'];
    const signUps = await askRepeatedly(warnings + 2, '/sign-up/email', {
      email,
      password: 'someone else’s password',
      name: 'Mallory',
    });
    expect(signUps.every((answer) => answer.status === 200)).toBe(true);
    expect(await emailsTo(email, 'sign-up-existing')).toEqual({
      queued: warnings,
      deliveryJobs: warnings,
      skipped: Array(2).fill(note('sign-up-existing')),
    });
  });
});
