import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { residentMemoryMiB, round, startServer } from './support';

/** Cold start (new DATA_DIR: initdb + migrations), warm start (existing data), and idle memory. */
export async function benchStartup() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-bench-start-'));
  const env = { DATA_DIR: dataDir, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret' };
  try {
    const cold = await startServer(env);
    await cold.stop();
    const warm = await startServer(env);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const memory = residentMemoryMiB(warm.child.pid ?? 0);
    await warm.stop();
    return {
      coldStartMs: round(cold.readyAfterMs, 0),
      warmStartMs: round(warm.readyAfterMs, 0),
      idleNodeMemoryMiB: round(memory.self),
      idleWithDatabaseMemoryMiB: round(memory.withChildren),
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
