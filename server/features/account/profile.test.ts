import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { as, signUpUser } from '../../../tests/support/users';
import { imageForm, png, setUpAccountApp, t } from './test-support';

setUpAccountApp();

describe('profile', () => {
  it('changes the first name, and keeps a re-encoded square profile picture only its owner can load', async () => {
    const user = await signUpUser(t, { firstName: 'Maya' });
    const request = as(t, user);
    const renamed = await request('/api/account/profile', {
      method: 'PATCH',
      json: { firstName: '  Maya Rose ' },
    });
    expect(renamed.status).toBe(200);
    expect(((await (await request('/api/auth/user')).json()) as { firstName: string }).firstName).toBe(
      'Maya Rose',
    );
    const blank = await request('/api/account/profile', { method: 'PATCH', json: { firstName: '   ' } });
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { message: string }).message).toContain('Enter your first name.');

    const uploaded = await request('/api/account/profile-image', {
      method: 'POST',
      body: imageForm(await png('#00aa55', 1200, 800)),
    });
    expect(uploaded.status).toBe(200);
    const { profileImageUrl } = (await uploaded.json()) as { profileImageUrl: string };
    expect(profileImageUrl).toMatch(/^\/api\/account\/profile-image\?v=[0-9a-f]{16}$/);
    expect(
      ((await (await request('/api/auth/user')).json()) as { profileImageUrl: string }).profileImageUrl,
    ).toBe(profileImageUrl);
    const image = await request(profileImageUrl);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);

    const someoneElse = as(t, await signUpUser(t));
    expect((await someoneElse('/api/account/profile-image')).status).toBe(404);

    const notAnImage = await request('/api/account/profile-image', {
      method: 'POST',
      body: imageForm(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'me.svg', 'image/svg+xml'),
    });
    expect(notAnImage.status).toBe(415);
    expect(((await notAnImage.json()) as { message: string }).message).toContain(
      'me.svg is not a JPEG, PNG or WebP',
    );
    const tooBig = await request('/api/account/profile-image', {
      method: 'POST',
      body: imageForm(Buffer.alloc(6 * 1024 * 1024, 1)),
    });
    expect(tooBig.status).toBe(413);

    expect((await request('/api/account/profile-image', { method: 'DELETE' })).status).toBe(204);
    expect((await request('/api/account/profile-image')).status).toBe(404);
  });
});
