import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RunningServer = { child: ChildProcess; port: number; baseUrl: string; stop(): Promise<void> };

/** Starts the app the way `npm start` does and resolves once /readyz answers 200. */
export async function startServer(
  env: Record<string, string>,
): Promise<RunningServer & { readyAfterMs: number }> {
  const port = Number(env.PORT ?? (await freePort()));
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyAfterMs = performance.now() - started;
  return {
    child,
    port,
    baseUrl,
    readyAfterMs,
    async stop() {
      child.kill('SIGTERM');
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
