import type { HealthCheck } from '@common/health-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

/** Advice that cites an onboarding answer says what the creator answered, and nothing they did not. */

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ deps: { now: () => new Date('2026-11-23T12:00:00Z') } });
});

afterAll(async () => {
  await t?.close();
});

async function adviceFor(answers: Record<string, unknown> | null) {
  const request = as(t, await signUpUser(t));
  if (answers) await request('/api/user/onboarding', { method: 'POST', json: answers });
  await request('/api/revenue', {
    method: 'POST',
    json: { source: 'youtube_ads', amount: '3000', date: '2026-10-20' },
  });
  const response = await request('/api/health-check', { method: 'POST' });
  expect(response.status).toBe(200);
  const { recommendations } = (await response.json()) as HealthCheck;
  return recommendations.map((item) => `${item.title}: ${item.description}`).join('\n');
}

describe('advice about analytics', () => {
  it('never tells a creator who skipped the questions what they told us', async () => {
    const advice = await adviceFor(null);
    expect(advice).not.toMatch(/told us|analytics/i);
  });

  it('reads the analytics answer: nothing when ticked, the question quoted when not', async () => {
    const base = { platforms: ['youtube'], primaryPlatform: 'youtube' };
    expect(await adviceFor({ ...base, hasAnalytics: true })).not.toMatch(/analytics/i);
    expect(await adviceFor({ ...base, hasAnalytics: false })).toMatch(
      /Check your analytics every week: Your answers leave "I can open my analytics" unticked\./,
    );
  });
});
