import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../tests/support/free-port';
import { waitUntil } from '../tests/support/wait';

export const ROOT = path.resolve(import.meta.dirname, '..');

export type BenchServer = {
  child: ChildProcess;
  baseUrl: string;
  readyAfterMs: number;
  stop(): Promise<void>;
};

/**
 * Starts the app as a user does: `npm start`'s script (built when stale), production mode and the
 * default log level (one line per request). Its log goes to a file in DATA_DIR, as under a process
 * manager, so the app pays for its log lines and no process here spends CPU reading them. Resolves
 * once /readyz answers 200.
 */
export async function startServer(env: Record<string, string> & { DATA_DIR: string }): Promise<BenchServer> {
  const started = performance.now();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const log = openSync(path.join(env.DATA_DIR, 'ballast.log'), 'a');
  const { LOG_LEVEL: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', log, 'pipe'],
  });
  closeSync(log);
  let errors = '';
  child.stderr?.on('data', (chunk) => {
    errors += chunk;
    process.stderr.write(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitUntil(
      async () => {
        if (child.exitCode !== null) throw new Error(`The server exited during start-up:\n${errors}`);
        return (await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.status === 200;
      },
      90_000,
      'the server to be ready',
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    child,
    baseUrl,
    readyAfterMs: performance.now() - started,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Memory of a process and of it with its descendants (the embedded PostgreSQL), in MiB. Proportional
 * set size, so memory the PostgreSQL processes share is counted once, not once per process.
 */
export function residentMemoryMiB(pid: number): { self: number; withChildren: number } {
  const rss = (id: number) => {
    const rollup = readFileSync(`/proc/${id}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0) / 1024;
  };
  const children = (id: number): number[] => {
    try {
      const list = readFileSync(`/proc/${id}/task/${id}/children`, 'utf8').trim();
      return list ? list.split(/\s+/).map(Number) : [];
    } catch {
      return [];
    }
  };
  const all: number[] = [];
  const walk = (id: number) => {
    all.push(id);
    for (const child of children(id)) walk(child);
  };
  walk(pid);
  let total = 0;
  for (const id of all) {
    try {
      total += rss(id);
    } catch {
      // exited meanwhile
    }
  }
  return { self: rss(pid), withChildren: total };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The yardstick every HTTP figure is printed beside: a bare Fastify route in a process of its own. */
export async function startBareServer(): Promise<{ baseUrl: string; stop(): Promise<void> }> {
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

const BENCH_PASSWORD = 'correct horse battery';

/**
 * A creator signed up as the sign-in page does it (the sign-up, then a password sign-in); answers their
 * session cookie and id.
 */
export async function signUpBenchCreator(
  origin: string,
  email: string,
  headers: Record<string, string> = {},
): Promise<{ cookie: string; userId: string }> {
  const post = (path: string, body: unknown) =>
    fetch(`${origin}/api/identity/${path}`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const created = await post('sign-up/email', { email, password: BENCH_PASSWORD, name: 'Bench' });
  if (!created.ok) throw new Error(`sign-up failed: ${created.status} ${await created.text()}`);
  const response = await post('sign-in/email', { email, password: BENCH_PASSWORD });
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('ballast.session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie, userId: body.user.id };
}

const REVENUE_SOURCES = [
  'youtube_ads',
  'courses',
  'coaching',
  'speaking',
  'merchandise',
  'affiliate_marketing',
];
const IMPORT_ROWS = 5000;

/**
 * `count` revenue entries through the CSV import endpoint, 5,000 rows a file; `dayOf(i)` dates entry i
 * (YYYY-MM-DD), sources and amounts rotate.
 */
export async function importRevenue(
  origin: string,
  cookie: string,
  count: number,
  dayOf: (i: number) => string,
) {
  for (let offset = 0; offset < count; offset += IMPORT_ROWS) {
    const rows = ['date,source,amount,description'];
    for (let i = offset; i < Math.min(count, offset + IMPORT_ROWS); i++) {
      rows.push(`${dayOf(i)},${REVENUE_SOURCES[i % REVENUE_SOURCES.length]},${(i % 997) + 0.5},Entry ${i}`);
    }
    const response = await fetch(`${origin}/api/revenue/import`, {
      method: 'POST',
      headers: { origin, cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ csv: rows.join('\n') }),
    });
    if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
  }
}
