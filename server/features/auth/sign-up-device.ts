import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';

/*
 * The browser that signed up (decision 056). Proving an address from that browser keeps the password
 * it set; from anywhere else it ends every session and password from before the proof, since whoever
 * chose them may not be the inbox's owner. The sign-up answer marks its browser with a cookie holding a
 * random value and a keyed hash of it with the new account's id, so nothing is stored and no other
 * account's mark can be made from it. Every sign-up answer sets one, an address that already has an
 * account included (its mark then names an id no account has), so the answer tells nobody which
 * addresses have accounts.
 */

/** As long as a resent confirmation link might still come: the sign-up email's own works a day. */
const SIGN_UP_DEVICE_DAYS = 30;

/** `__Host-` over https: no other host of the domain can plant one. */
const signUpDeviceCookieName = (config: Pick<Config, 'publicUrl'>) =>
  config.publicUrl.startsWith('https://') ? '__Host-ballast.sign_up_device' : 'ballast.sign_up_device';

function markOf(config: Pick<Config, 'sessionSecret'>, userId: string, nonce: string) {
  return createHmac('sha256', config.sessionSecret)
    .update(`sign-up-device:${userId}:${nonce}`)
    .digest('base64url');
}

/** The cookie that marks the browser that signed up as `userId`: its name, value and attributes. */
export function signUpDeviceCookie(config: Pick<Config, 'publicUrl' | 'sessionSecret'>, userId: string) {
  const nonce = randomBytes(18).toString('base64url');
  return {
    name: signUpDeviceCookieName(config),
    value: `${nonce}.${markOf(config, userId, nonce)}`,
    options: {
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: config.publicUrl.startsWith('https://'),
      path: '/',
      maxAge: SIGN_UP_DEVICE_DAYS * 24 * 60 * 60,
    },
  };
}

function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const index = part.indexOf('=');
    if (index !== -1 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** Whether the request comes from the browser that signed up as `userId`. */
export function isSignUpDevice(
  config: Pick<Config, 'publicUrl' | 'sessionSecret'>,
  userId: string,
  cookieHeader: string | null | undefined,
): boolean {
  const value = cookieValue(cookieHeader, signUpDeviceCookieName(config));
  const [nonce, mark] = value?.split('.') ?? [];
  if (!nonce || !mark) return false;
  const expected = Buffer.from(markOf(config, userId, nonce));
  const given = Buffer.from(mark);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
