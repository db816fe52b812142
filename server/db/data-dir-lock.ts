import { existsSync, readdirSync, readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The embedded PostgreSQL's data directory belongs to one app process at a time. This module takes that
 * claim and, when the previous owner was killed, cleans up what its PostgreSQL left behind so a fresh
 * one can start; `embedded.ts` starts the cluster once the claim is held.
 */

export type EmbeddedLog = (level: 'info' | 'warn', message: string) => void;

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Ballast server (pid ${pid}) is already running on DATA_DIR ${dataDir}. ` +
        'Stop it first, or give this one its own DATA_DIR.',
    );
    this.name = 'DataDirInUseError';
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process that nobody has reaped yet still answers signals; it is dead all the same.
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

async function readPid(file: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt((await readFile(file, 'utf8')).split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (!isProcessAlive(pid)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return !isProcessAlive(pid);
}

const HAS_PROC = existsSync('/proc/self/cwd');

/** PostgreSQL's processes run with the data directory as their working directory. */
function isInDataDir(pid: number, pgDir: string): boolean {
  try {
    return readlinkSync(`/proc/${pid}/cwd`) === pgDir;
  } catch {
    // Gone, a zombie, or not ours to inspect.
    return false;
  }
}

/** Live processes of a PostgreSQL on this data directory: a postmaster and its backends. */
function postgresProcessesIn(pgDir: string): number[] {
  if (!HAS_PROC || !existsSync(pgDir)) return [];
  const realDir = realpathSync(pgDir);
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => pid !== process.pid && isInDataDir(pid, realDir));
}

async function waitUntilGone(pids: () => number[], timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (pids().length > 0) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * After a crash: a postmaster still running on this data directory is shut down cleanly; backends
 * that outlived a killed postmaster are waited for (and killed if they linger); and a postmaster.pid
 * whose process is not a PostgreSQL on this directory (dead, a zombie nobody reaped, or a reused pid)
 * is removed, since PostgreSQL would otherwise refuse to start on it.
 */
async function recoverFromCrash(pgDir: string, log: EmbeddedLog) {
  const lockFile = path.join(pgDir, 'postmaster.pid');
  const postmasterPid = await readPid(lockFile);
  if (postmasterPid === undefined) return;
  const isLivePostmaster = HAS_PROC
    ? isInDataDir(postmasterPid, realpathSync(pgDir))
    : isProcessAlive(postmasterPid);
  if (isLivePostmaster) {
    log('info', `Shutting down the PostgreSQL (pid ${postmasterPid}) left running by a previous server`);
    process.kill(postmasterPid, 'SIGINT');
    if (!(await waitForExit(postmasterPid, 30_000))) process.kill(postmasterPid, 'SIGKILL');
  }
  if (!(await waitUntilGone(() => postgresProcessesIn(pgDir), 10_000))) {
    for (const pid of postgresProcessesIn(pgDir)) process.kill(pid, 'SIGKILL');
    await waitUntilGone(() => postgresProcessesIn(pgDir), 5_000);
  }
  if ((await readPid(lockFile)) === postmasterPid) {
    log('warn', `Removing the stale lock of a PostgreSQL that is no longer running (pid ${postmasterPid})`);
    await rm(lockFile, { force: true });
  }
}

/**
 * One app process per DATA_DIR. A lock file holds the owner's pid; a lock left by a killed process is
 * taken over, and whatever its PostgreSQL left behind is cleaned up before we start our own.
 */
export async function acquireDataDirLock(
  dataDir: string,
  pgDir: string,
  log: EmbeddedLog,
): Promise<() => Promise<void>> {
  const lockFile = path.join(dataDir, 'server.pid');
  for (;;) {
    try {
      // Exclusive create: of two servers starting at once, exactly one gets the lock.
      await writeFile(lockFile, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const ownerPid = await readPid(lockFile);
      if (ownerPid && isProcessAlive(ownerPid)) throw new DataDirInUseError(dataDir, ownerPid);
      await rm(lockFile, { force: true });
    }
  }
  try {
    await recoverFromCrash(pgDir, log);
  } catch (error) {
    await rm(lockFile, { force: true });
    throw error;
  }
  return async () => {
    if ((await readPid(lockFile)) === process.pid) await rm(lockFile, { force: true });
  };
}
