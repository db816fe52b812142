import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encrypts platform tokens at rest with AES-256-GCM under a key derived from SESSION_SECRET (HKDF, its
 * own label, so the key is used for nothing else). Each value gets a fresh IV; the tag detects tampering.
 */
export function createTokenBox(sessionSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'ballast', 'platform-tokens v1', 32));
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        sealed.toString('base64url'),
      ].join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export type TokenBox = ReturnType<typeof createTokenBox>;
