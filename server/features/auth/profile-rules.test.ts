import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { as, nextClientAddress, signUpUser } from '../../../tests/support/users';
import { uniqueEmail } from './test-support';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ env: { TRUST_PROXY: '1' } });
});

afterAll(async () => {
  await t?.close();
});

async function storedProfile(userId: string) {
  const { rows } = await t.database.pool.query(
    'SELECT first_name, profile_image_url FROM users WHERE id = $1',
    [userId],
  );
  return rows[0] as { first_name: string; profile_image_url: string | null };
}

const signUp = (json: Record<string, unknown>) =>
  t.request('/api/identity/sign-up/email', {
    method: 'POST',
    json: { password: 'correct horse battery', ...json },
    headers: { 'x-forwarded-for': nextClientAddress() },
  });

describe("Better Auth's /update-user", () => {
  it('keeps the name rules of the profile route, and takes no image URL at all', async () => {
    const user = await signUpUser(t, { firstName: 'Maya' });
    const update = (json: unknown) => as(t, user)('/api/identity/update-user', { method: 'POST', json });

    const long = await update({ name: 'x'.repeat(100_000) });
    expect(long.status).toBe(400);
    expect((await long.json()).message).toBe('Keep your first name under 50 characters.');
    const blank = await update({ name: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('Enter your first name.');

    const tracker = await update({ image: 'https://evil.example/track.png' });
    expect(tracker.status).toBe(400);
    expect((await tracker.json()).message).toMatch(/only be one you upload on the settings page/);
    // Not even a path that looks like our own: only the upload writes the picture.
    expect((await update({ image: '/api/account/profile-image?v=1' })).status).toBe(400);
    expect(await storedProfile(user.id)).toEqual({ first_name: 'Maya', profile_image_url: null });

    expect((await update({ name: '  Maya Rose ' })).status).toBe(200);
    expect((await storedProfile(user.id)).first_name).toBe('Maya Rose');
  });
});

describe('sign-up', () => {
  it('holds the name to the same rules, alike for a new address and a taken one, and takes no image', async () => {
    const taken = await signUpUser(t);
    for (const email of [uniqueEmail('long-name'), taken.email]) {
      const long = await signUp({ email, name: 'x'.repeat(51) });
      expect(long.status).toBe(400);
      expect((await long.json()).message).toBe('Keep your first name under 50 characters.');
    }
    const tracker = await signUp({
      email: uniqueEmail('tracker'),
      name: 'Ana',
      image: 'https://evil.example/track.png',
    });
    expect(tracker.status).toBe(400);

    const email = uniqueEmail('trimmed');
    const nameless = uniqueEmail('nameless');
    expect((await signUp({ email: nameless, name: '' })).status).toBe(200);
    expect((await signUp({ email, name: '  Ana  ' })).status).toBe(200);
    const { rows } = await t.database.pool.query('SELECT first_name FROM users WHERE email = $1', [email]);
    expect(rows).toEqual([{ first_name: 'Ana' }]);
  });
});
