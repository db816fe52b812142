import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { proveAddress, signUpUser } from '../../../tests/support/users';
import { creatorWithEverything, setUpAccountApp, t } from './test-support';

setUpAccountApp();

describe('GET /api/account/export', () => {
  it('holds everything about the creator, no secrets, and nothing of anyone else', async () => {
    const other = await signUpUser(t, { firstName: 'Other' });
    await creatorWithEverything(other);
    const user = await signUpUser(t, { firstName: 'Maya' });
    // Their waitlist place and messages are theirs once they prove the address.
    await proveAddress(t, user);
    const request = await creatorWithEverything(user);

    const response = await request('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="ballast-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, firstName: 'Maya' });
    const picture = await sharp(Buffer.from(data.profileImage.base64, 'base64')).metadata();
    expect([data.profileImage.mimeType, picture.format, picture.width]).toEqual(['image/webp', 'webp', 256]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.onboardingAnswers).toMatchObject({ platforms: ['youtube'], contentNiche: 'Cooking' });
    expect(data.revenueEntries).toEqual([
      expect.objectContaining({ amount: '250.00', source: 'youtube_sponsors' }),
      expect.objectContaining({ amount: '812.40', source: 'youtube_ads' }),
    ]);
    expect(data.revenueSourceNames).toEqual([{ name: 'brand work', source: 'youtube_sponsors' }]);
    expect(data.healthChecks).toHaveLength(1);
    expect(data.blueprints).toHaveLength(1);
    expect(data.alerts).toEqual(
      expect.arrayContaining([expect.objectContaining({ title: 'YouTube is testing a new home feed' })]),
    );
    expect(data.platformConnections).toEqual([
      expect.objectContaining({ platform: 'youtube', platformUsername: 'maya' }),
    ]);
    expect(data.screenshots).toEqual([
      expect.objectContaining({ fileName: 'studio.png', platform: 'youtube' }),
    ]);
    expect(data.paidPlan).toMatchObject({ plan: 'guardian' });
    expect(data.waitlist).toMatchObject({ email: user.email, position: expect.any(Number) });
    expect(data.contactMessages).toEqual([
      expect.objectContaining({ message: 'Can I import my Patreon numbers?' }),
    ]);

    for (const secret of [
      'sealed-access-secret',
      'sealed-refresh-secret',
      'accessToken',
      'password',
      'token"',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.email);
  });

  it('refuses a signed-out call', async () => {
    expect((await t.request('/api/account/export')).status).toBe(401);
  });
});
