import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../tests/support/free-port';
import type { ServerProcess } from '../tests/support/server-process';
import { closedLoop, type LoadRequest, openLoop } from './load';
import { ROOT, round, startServer } from './support';

/** Behind a (pretend) proxy each simulated visitor has an address of its own, as real ones would. */
const visitor = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

async function withApp<T>(run: (server: ServerProcess) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-waitlist-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret',
    TRUST_PROXY: 'true',
  });
  try {
    return await run(server);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function signup(prefix: string) {
  return (index: number): LoadRequest => ({
    method: 'POST',
    path: '/api/waitlist/signup',
    headers: { 'x-forwarded-for': visitor(index) },
    body: JSON.stringify({ email: `${prefix}.${index}@ballast.test` }),
  });
}

/** POST /api/waitlist/signup: p99 at 500 requests/s (budget < 50 ms), and the most it takes. */
export async function benchSignups() {
  return withApp(async ({ baseUrl }) => {
    await closedLoop({ baseUrl, connections: 8, durationMs: 2000, next: signup('warm-up') });
    const at500PerSecond = await openLoop({ baseUrl, rate: 500, durationMs: 10_000, next: signup('steady') });
    const saturated = await closedLoop({ baseUrl, connections: 32, durationMs: 5000, next: signup('max') });
    return { at500PerSecond, saturated };
  });
}

async function startBareServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** GET /api/waitlist/counters against a bare Fastify route on this machine (budget ≥ 80%). */
export async function benchCounters() {
  return withApp(async ({ baseUrl }) => {
    const bare = await startBareServer();
    try {
      const load = { connections: 32, durationMs: 5000 };
      const counters = (): LoadRequest => ({ method: 'GET', path: '/api/waitlist/counters' });
      const yardstick = (): LoadRequest => ({ method: 'GET', path: '/bare' });
      await closedLoop({ baseUrl, ...load, durationMs: 2000, next: counters });
      await closedLoop({ baseUrl: bare.baseUrl, ...load, durationMs: 2000, next: yardstick });
      // Alternate the two, twice, so a noisy moment on a shared machine does not decide the ratio.
      const runs = { counters: [] as number[], bare: [] as number[] };
      for (let round = 0; round < 2; round++) {
        runs.counters.push((await closedLoop({ baseUrl, ...load, next: counters })).throughputPerSecond);
        runs.bare.push(
          (await closedLoop({ baseUrl: bare.baseUrl, ...load, next: yardstick })).throughputPerSecond,
        );
      }
      const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
      return {
        countersPerSecond: round(mean(runs.counters), 0),
        bareFastifyPerSecond: round(mean(runs.bare), 0),
        ratio: round(mean(runs.counters) / mean(runs.bare), 2),
        runs,
      };
    } finally {
      await bare.stop();
    }
  });
}
