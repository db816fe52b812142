// What the alert test files share: two app instances on one database, as behind a load balancer (the
// live stream must reach a dashboard on the other one), a fixed clock, and the creator's unread alerts.
import type { AlertPage } from '@common/alerts';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';
import { scanChangedCreators } from './scan';

export const clock = new Date('2026-11-23T12:00:00Z');
let database: TestDatabase;
// Assigned before the file's tests run; importers read them as live bindings.
export let first: TestApp;
export let second: TestApp;

/** Starts both instances before the calling file's tests, and stops them after. */
export function setUpTwoInstances(): void {
  beforeAll(async () => {
    database = await createTestDatabase();
    // Two instances on one database, as behind a load balancer.
    const shared = { ...database, drop: async () => {} };
    // Instances behind one load balancer share the session secret.
    const env = {
      TRUST_PROXY: 'true',
      SESSION_SECRET: 'alerts-test-secret-alerts-test-secret-1234',
      ADMIN_EMAILS: 'ops@ballast.test',
    };
    first = await startTestApp({
      testDatabase: shared,
      env,
      deps: { now: () => clock },
    });
    second = await startTestApp({
      testDatabase: shared,
      env,
      deps: { now: () => clock },
    });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await database?.drop();
  });
}

type Request = ReturnType<typeof as>;
/** The creator's unread alerts (the list puts them first, then the ones already read). */
export const alertsOf = async (request: Request) =>
  ((await (await request('/api/alerts')).json()) as AlertPage).alerts.filter((alert) => !alert.readAt);
export const scan = () => scanChangedCreators({ db: first.database.db, jobs: first.jobs }, () => clock);

export async function creatorWithCourses(monthly: number[], plan: 'guardian' | 'none' = 'guardian') {
  const user = await signUpUser(first);
  await givePaidPlan(first, user.id, plan);
  const request = as(first, user);
  // June to October, one payout a month; November is still under way.
  for (const [index, amount] of monthly.entries()) {
    const date = `2026-${String(6 + index).padStart(2, '0')}-15`;
    await request('/api/revenue', {
      method: 'POST',
      json: { source: 'courses', amount: String(amount), date },
    });
  }
  return { user, request };
}
