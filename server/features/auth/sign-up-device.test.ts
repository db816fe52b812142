import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/support/app';
import { uniqueEmail } from './test-support';

const SECURE_URL = 'https://ballast.test';

let plain: TestApp;
let secure: TestApp;

beforeAll(async () => {
  [plain, secure] = await Promise.all([startTestApp(), startTestApp({ env: { PUBLIC_URL: SECURE_URL } })]);
});

afterAll(async () => {
  await Promise.all([plain?.close(), secure?.close()]);
});

async function signUpCookie(app: TestApp, origin: string, name: string) {
  const created = await app.request('/api/identity/sign-up/email', {
    method: 'POST',
    json: { email: uniqueEmail('marked'), password: 'correct horse battery', name: 'Maya' },
    headers: { origin },
  });
  expect(created.status).toBe(200);
  return created.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

describe('the mark of the browser that signed up (decision 056)', () => {
  it('is HttpOnly and SameSite=Lax for the whole site, like the session', async () => {
    const cookie = await signUpCookie(plain, plain.baseUrl, 'ballast.sign_up_device');
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure and __Host- prefixed over https, so no other host of the domain can set it', async () => {
    const cookie = await signUpCookie(secure, SECURE_URL, '__Host-ballast.sign_up_device');
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
    expect(cookie).not.toMatch(/;\s*Domain=/i);
  });
});
