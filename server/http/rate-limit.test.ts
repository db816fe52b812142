// The HTTP limits are counted in PostgreSQL (decision 063): two instances on one database, as behind a
// load balancer, refuse the same client once between them, however its requests are spread.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../tests/support/app';
import { stoppedClockAt } from '../../tests/support/clock';
import { twoInstancesForThisFile } from '../../tests/support/two-instances';
import { waitUntil } from '../../tests/support/wait';
import { signUp } from '../../tests/support/waitlist';
import { CONTACT_RATE_LIMIT } from '../features/contact/routes';
import { SIGNUP_RATE_LIMIT } from '../features/waitlist/routes';

const clock = stoppedClockAt('2027-03-01T10:00:00Z');
const apps = twoInstancesForThisFile({ env: { TRUST_PROXY: 'true' }, deps: { now: clock } });
let first: TestApp;
let second: TestApp;
beforeAll(() => {
  ({ first, second } = apps);
});

let messages = 0;
function sendContactMessage(instance: TestApp, client: string) {
  messages += 1;
  return instance.request('/api/contact', {
    method: 'POST',
    json: { name: 'Ada', email: `sender.${messages}@ballast.test`, message: 'Hello' },
    headers: { 'x-forwarded-for': client },
  });
}

describe('limits shared by every instance', () => {
  it('counts one client’s waitlist signups across both instances and refuses the next on either', async () => {
    const visitor = { 'x-forwarded-for': '198.51.100.61' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < SIGNUP_RATE_LIMIT.max; attempt++) {
      const instance = attempt % 2 === 0 ? first : second;
      statuses.push((await signUp(instance, { email: `shared.${attempt}@ballast.test` }, visitor)).status);
    }
    expect(statuses).toEqual(Array(SIGNUP_RATE_LIMIT.max).fill(200));

    for (const instance of [first, second]) {
      const refused = await signUp(instance, { email: 'one.more@ballast.test' }, visitor);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('60');
      expect(await refused.json()).toEqual({ error: 'RATE_LIMITED', message: SIGNUP_RATE_LIMIT.message });
    }
    // Another client, and another route for the same client, have counts of their own.
    expect(
      (await signUp(second, { email: 'someone.else@ballast.test' }, { 'x-forwarded-for': '198.51.100.62' }))
        .status,
    ).toBe(200);
    expect((await sendContactMessage(first, '198.51.100.61')).status).toBe(200);
  });

  it('lets exactly the limit through when a burst reaches both instances at once', async () => {
    const client = '198.51.100.63';
    const burst = Array.from({ length: CONTACT_RATE_LIMIT.max * 3 }, (_, index) =>
      sendContactMessage(index % 2 === 0 ? first : second, client),
    );
    const statuses = (await Promise.all(burst)).map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CONTACT_RATE_LIMIT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CONTACT_RATE_LIMIT.max * 2);
  });

  it('starts a new window when the last one ends, by the app’s clock, and sweeps the ended ones', async () => {
    const client = '198.51.100.64';
    for (let attempt = 0; attempt < CONTACT_RATE_LIMIT.max; attempt++) {
      expect((await sendContactMessage(attempt % 2 === 0 ? first : second, client)).status).toBe(200);
    }
    expect((await sendContactMessage(first, client)).status).toBe(429);

    clock.set(new Date(clock().getTime() + CONTACT_RATE_LIMIT.windowMs - 1000));
    expect((await sendContactMessage(second, client)).status).toBe(429);
    clock.set(new Date(clock().getTime() + 1000));
    expect((await sendContactMessage(second, client)).status).toBe(200);

    // The windows of the tests before ended with this one's first; the hits since sweep them away
    // (beside the requests, so it is waited for).
    const ended = async () =>
      (
        await first.database.pool.query<{ ended: number }>(
          'SELECT count(*)::int AS ended FROM rate_limit_windows WHERE ends_at <= $1',
          [clock()],
        )
      ).rows[0]!.ended;
    await waitUntil(async () => (await ended()) === 0, 5_000, 'the ended windows to be swept');
    expect(await ended()).toBe(0);
  });
});
