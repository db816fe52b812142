import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type ServerProcess, spawnServer, waitUntilReady } from '../tests/support/server-process';

export const ROOT = path.resolve(import.meta.dirname, '..');

/** Starts the app the way `npm start` does (production mode) and resolves once /readyz answers 200. */
export async function startServer(
  env: Record<string, string>,
): Promise<ServerProcess & { readyAfterMs: number }> {
  const started = performance.now();
  const server = await spawnServer(
    { NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    { entry: 'start-script', isEchoingErrors: true },
  );
  await waitUntilReady(server);
  return Object.assign(server, { readyAfterMs: performance.now() - started });
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
