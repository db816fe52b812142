import { describe, expect, it } from 'vitest';
import { givePaidPlan } from '../../../tests/support/plans';
import { as, signInWithEmailLink, signUpUser } from '../../../tests/support/users';
import { alertsOf, first, setUpTwoInstances } from './test-support';

setUpTwoInstances();

describe('algorithm-change bulletins', () => {
  it('reach every creator on the platform and no one else; only operators publish them', async () => {
    const guardian = await signUpUser(first);
    await givePaidPlan(first, guardian.id, 'guardian');
    const onYouTube = as(first, guardian);
    await onYouTube('/api/user/onboarding', { method: 'POST', json: { platforms: ['youtube', 'tiktok'] } });
    // Bulletins come with The Guardian: a creator on YouTube without it is not reached.
    const withoutPlan = as(first, await signUpUser(first));
    await withoutPlan('/api/user/onboarding', { method: 'POST', json: { platforms: ['youtube'] } });
    const instagramGuardian = await signUpUser(first);
    await givePaidPlan(first, instagramGuardian.id, 'guardian');
    const onInstagram = as(first, instagramGuardian);
    await onInstagram('/api/user/onboarding', { method: 'POST', json: { platforms: ['instagram'] } });
    const bulletin = {
      platform: 'youtube',
      severity: 'high',
      title: 'YouTube is testing shorter recommendations',
      description: 'Long videos are being recommended less on the home feed this week.',
      mitigationStrategy: 'Cut a Short from each long video and link back to it.',
    };

    const refused = await onYouTube('/api/admin/bulletins', { method: 'POST', json: bulletin });
    expect(refused.status).toBe(404);
    // Refused before the body is looked at.
    const refusedBadBody = await onYouTube('/api/admin/bulletins', {
      method: 'POST',
      json: { platform: 'myspace' },
    });
    expect(refusedBadBody.status).toBe(404);

    const operator = as(first, await signInWithEmailLink(first, 'ops@ballast.test'));
    const published = await operator('/api/admin/bulletins', { method: 'POST', json: bulletin });
    expect(published.status).toBe(201);
    expect(((await published.json()) as { recipients: number }).recipients).toBeGreaterThanOrEqual(1);

    expect(await alertsOf(onYouTube)).toMatchObject([
      {
        title: bulletin.title,
        severity: 'high',
        platform: 'youtube',
        mitigationStrategy: bulletin.mitigationStrategy,
      },
    ]);
    expect(await alertsOf(onInstagram)).toEqual([]);
    expect(await alertsOf(withoutPlan)).toEqual([]);

    const bad = await operator('/api/admin/bulletins', {
      method: 'POST',
      json: { ...bulletin, platform: 'myspace' },
    });
    expect(bad.status).toBe(400);
  });
});
