// What the blueprint test files share: the app most of them run against, a creator on a plan with the
// whole blueprint, onboarding answers, and the call that generates one.
import type { Blueprint } from '@common/blueprints';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { runningClockAt } from '../../../tests/support/clock';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signUpUser } from '../../../tests/support/users';

// Assigned before the file's tests run; importers read it as a live binding.
export let t: TestApp;

/**
 * The app's clock: mid-November 2026, so the last three complete months are August to October whatever
 * day the suite runs on.
 */
export const clock = runningClockAt('2026-11-12T10:00:00Z');

/** Starts the app before the calling file's tests, and stops it after. */
export function setUpBlueprintApp(): void {
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' }, deps: { now: clock } });
  });

  afterAll(async () => {
    await t?.close();
  });
}

/** A creator with the whole blueprint (what each plan opens is billing/entitlements.test.ts's subject). */
export async function newCreator(app = t) {
  const user = await signUpUser(app);
  await givePaidPlan(app, user.id, 'guardian');
  return as(app, user);
}

export const answers = {
  platforms: ['youtube'],
  primaryPlatform: 'youtube',
  contentNiche: 'Cooking',
  audienceSize: '50k-100k',
  monthlyRevenue: '1000-5000',
  currentStreams: ['ad_revenue'],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
};

export async function generate(request: ReturnType<typeof as>) {
  const response = await request('/api/blueprints', { method: 'POST' });
  return { status: response.status, body: (await response.json()) as Blueprint & { message?: string } };
}
