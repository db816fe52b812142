import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, signUpUser } from '../../../tests/support/users';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: 'true' } });
});

afterAll(async () => {
  await t?.close();
});

const fullAnswers = {
  platforms: ['youtube', 'tiktok'],
  primaryPlatform: 'youtube',
  contentNiche: 'Home cooking',
  audienceSize: '10k-50k',
  monthlyRevenue: '1000-5000',
  currentStreams: ['ad_revenue', 'sponsorships'],
  biggestChallenge: 'algorithm',
  goalTimeframe: '30days',
  hasAnalytics: true,
};

async function currentUser(request: ReturnType<typeof as>) {
  return (await (await request('/api/auth/user')).json()) as { onboardingCompleted: boolean };
}

describe('onboarding', () => {
  it('saves the answers and marks onboarding complete', async () => {
    const request = as(t, await signUpUser(t));
    expect((await currentUser(request)).onboardingCompleted).toBe(false);
    expect(await (await request('/api/user/onboarding')).json()).toEqual({ answers: null });

    const response = await request('/api/user/onboarding', { method: 'POST', json: fullAnswers });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ onboardingCompleted: true, answers: fullAnswers });
    expect((await currentUser(request)).onboardingCompleted).toBe(true);
    expect(await (await request('/api/user/onboarding')).json()).toEqual({ answers: fullAnswers });
  });

  it('requires no answer at all', async () => {
    const request = as(t, await signUpUser(t));
    const response = await request('/api/user/onboarding', { method: 'POST', json: {} });
    expect(response.status).toBe(200);
    expect((await response.json()).answers).toMatchObject({ platforms: [], primaryPlatform: null });
    expect((await currentUser(request)).onboardingCompleted).toBe(true);
  });

  it('replaces the answers when a creator answers again', async () => {
    const request = as(t, await signUpUser(t));
    await request('/api/user/onboarding', { method: 'POST', json: fullAnswers });
    const changed = {
      ...fullAnswers,
      platforms: ['instagram'],
      primaryPlatform: 'instagram',
      hasAnalytics: false,
    };
    expect((await request('/api/user/onboarding', { method: 'POST', json: changed })).status).toBe(200);
    expect(await (await request('/api/user/onboarding')).json()).toEqual({ answers: changed });
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS count FROM onboarding_answers');
    expect(rows[0].count).toBeGreaterThan(0);
  });

  it.each([
    [{ platforms: ['myspace'] }, /platforms\.0: Choose platforms from: youtube/],
    [{ audienceSize: '1M' }, /audienceSize: Choose an audience size/],
    [{ monthlyRevenue: 'lots' }, /monthlyRevenue/],
    [{ currentStreams: ['crypto'] }, /currentStreams\.0/],
    [{ biggestChallenge: 'everything' }, /biggestChallenge/],
    [{ goalTimeframe: 'tomorrow' }, /goalTimeframe/],
    [{ hasAnalytics: 'yes' }, /hasAnalytics must be true or false/],
    [{ platforms: ['youtube'], primaryPlatform: 'tiktok' }, /one of the platforms you selected/],
    [{ contentNiche: 'x'.repeat(101) }, /under 100 characters/],
  ])('refuses %j with 400 and a readable message, leaving onboarding incomplete', async (body, message) => {
    const request = as(t, await signUpUser(t));
    const response = await request('/api/user/onboarding', { method: 'POST', json: body });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(message);
    expect((await currentUser(request)).onboardingCompleted).toBe(false);
  });

  it('answers 401 when signed out', async () => {
    expect((await t.request('/api/user/onboarding', { method: 'POST', json: {} })).status).toBe(401);
    expect((await t.request('/api/user/onboarding')).status).toBe(401);
  });
});
