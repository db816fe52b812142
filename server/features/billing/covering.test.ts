import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { givePaidPlan } from '../../../tests/support/plans';
import { proveAddress, signUpUser } from '../../../tests/support/users';
import { seedSignupsUpTo, signUpAndConfirm } from '../../../tests/support/waitlist';
import { accountCovers, filterUsersCovering, writeComplimentaryPlan } from './public';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

/** An account whose address joined the waitlist first (a free place), proven or not. */
async function withFreePlace(label: string, isProven: boolean) {
  const email = `${label}.${Date.now()}@ballast.test`;
  expect(await signUpAndConfirm(t, { email })).toMatchObject({ tier: 'free' });
  const user = await signUpUser(t, { email });
  if (isProven) await proveAddress(t, user);
  return user;
}

describe('the questions other features ask billing', () => {
  it('answers for many accounts at once, from every source of a plan', async () => {
    const db = t.database.db;
    const unprovenPlace = await withFreePlace('unproven-place', false);
    const provenPlace = await withFreePlace('proven-place', true);
    const paid = await signUpUser(t);
    await givePaidPlan(t, paid.id, 'mastermind');
    const granted = await signUpUser(t);
    await writeComplimentaryPlan(db, granted.id, { plan: 'guardian', reason: 'Pilot', grantedBy: paid.id });
    const blueprint = await signUpUser(t);
    await givePaidPlan(t, blueprint.id, 'blueprint');
    const ids = [unprovenPlace.id, provenPlace.id, paid.id, granted.id, blueprint.id, 'no-such-account'];

    expect(await filterUsersCovering(db, ids, 'realTimeAlerts')).toEqual(
      new Set([provenPlace.id, paid.id, granted.id]),
    );
    expect(await filterUsersCovering(db, ids, 'prioritySupport')).toEqual(new Set([paid.id]));
    expect(await filterUsersCovering(db, [], 'bulletins')).toEqual(new Set());
    expect(await accountCovers(db, unprovenPlace.id, 'bulletins')).toBe(false);
    expect(await accountCovers(db, provenPlace.id, 'bulletins')).toBe(true);
    expect(await accountCovers(db, 'no-such-account', 'bulletins')).toBe(false);
  });

  it('counts a £5 place only once paid, under the address as the account spells it', async () => {
    const db = t.database.db;
    await seedSignupsUpTo(t.database.pool, 60);
    const email = `paid-place.${Date.now()}@ballast.test`;
    expect(await signUpAndConfirm(t, { email })).toMatchObject({ tier: 'lifetime_paid' });
    const user = await signUpUser(t, { email: email.toUpperCase() });
    await proveAddress(t, user);
    expect(await filterUsersCovering(db, [user.id], 'realTimeAlerts')).toEqual(new Set());
    await t.database.pool.query('UPDATE waitlist_signups SET paid_at = now() WHERE email = $1', [email]);
    expect(await filterUsersCovering(db, [user.id], 'realTimeAlerts')).toEqual(new Set([user.id]));
  });
});
