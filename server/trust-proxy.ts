// `TRUST_PROXY`: parsed by server/config.ts, handed to Fastify by server/app.ts.
import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Which proxies may say who the client is (`X-Forwarded-For`): a number of hops, or the proxies' own
 * addresses and CIDR ranges. `true` means one hop (the load balancer in front). Anything else a client
 * sends in that header is ignored (decision 029).
 */
export type TrustProxy = false | number | string[];

export const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (value === undefined || ['false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.split('/');
      const family = isIP(address);
      const maxBits = family === 6 ? 128 : 32;
      const hasValidBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
      if (family === 0 || !hasValidBits || rest.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, a number of proxy hops, or proxy addresses and CIDR ranges separated by commas ("${entry}" is none of these)`,
        });
        return false;
      }
    }
    return entries;
  });

/**
 * Fastify's `trustProxy`: a hop count becomes "trust the nearest n hops" (as proxy-addr reads a number),
 * a list of addresses and ranges is passed on as it is.
 */
export function trustProxyOption(
  value: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Loopback hosts are the only ones served over plain http in production (a local smoke run). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}
