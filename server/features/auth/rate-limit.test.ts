import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../../tests/support/app';
import { limitKey } from '../../jobs/limits-store';
import { SIGN_IN_RATE_LIMIT } from './better-auth';
import { signIn, uniqueEmail } from './test-support';

describe('rate limit', () => {
  it('stops repeated sign-in attempts from one client address', async () => {
    // Behind a proxy (TRUST_PROXY) the client address comes from X-Forwarded-For.
    const proxied = await startTestApp({ env: { NODE_ENV: 'development', TRUST_PROXY: 'true' } });
    try {
      const client = { 'x-forwarded-for': '198.51.100.10' };
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let attempt = 0; attempt < SIGN_IN_RATE_LIMIT.max; attempt++) {
        statuses.push((await signIn(proxied, email, 'not the password', client)).status);
      }
      expect(statuses).toEqual(Array(SIGN_IN_RATE_LIMIT.max).fill(401));
      const limited = await signIn(proxied, email, 'not the password', client);
      expect(limited.status).toBe(429);
      // Told how long to wait, and that a sign-in link still works.
      expect((await limited.json()).message).toMatch(
        /^Too many sign-in tries from this connection\. Wait \d+ seconds and try again, or use "Email me a link"\.$/,
      );
      // Another client is not affected.
      expect(
        (await signIn(proxied, email, 'not the password', { 'x-forwarded-for': '192.0.2.77' })).status,
      ).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it('counts attempts across app instances on one database', async () => {
    const env = { NODE_ENV: 'development', TRUST_PROXY: 'true' };
    const first = await startTestApp({ env, isDatabaseKept: true });
    const second = await startTestApp({ env, testDatabase: first.testDatabase });
    try {
      const client = { 'x-forwarded-for': '198.51.100.20' };
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt++) {
        const instance = attempt % 2 === 0 ? first : second;
        statuses.push((await signIn(instance, email, 'not the password', client)).status);
      }
      expect(statuses).toEqual([...Array(SIGN_IN_RATE_LIMIT.max).fill(401), 429]);
      // Counted in PostgreSQL, not in this process (the library's own memory store would be shared by
      // both apps here, and by nothing in production).
      const { rows } = await first.database.pool.query('SELECT hits FROM rate_limit_windows WHERE key = $1', [
        limitKey('auth:/sign-in/email', '198.51.100.20'),
      ]);
      expect(rows).toEqual([{ hits: SIGN_IN_RATE_LIMIT.max + 1 }]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('ignores X-Forwarded-For when not behind a proxy, so it cannot be used to dodge the limit', async () => {
    const direct = await startTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const email = uniqueEmail();
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= SIGN_IN_RATE_LIMIT.max; attempt++) {
        const spoofed = { 'x-forwarded-for': `203.0.113.${attempt + 1}` };
        statuses.push((await signIn(direct, email, 'not the password', spoofed)).status);
      }
      expect(statuses).toEqual([...Array(SIGN_IN_RATE_LIMIT.max).fill(401), 429]);
    } finally {
      await direct.close();
    }
  });
});
