import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port';
import { waitUntil } from './wait';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The real server as a child process, the way `npm start` runs it. */
export type ServerProcess = {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything it printed so far. */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM unless told) and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export type SpawnOptions = {
  /**
   * `server/main.ts` directly (default), `scripts/start.mjs` as `npm start` runs it (builds when
   * needed), or `npm start` itself, to see what npm and its shell do with signals.
   */
  entry?: 'server' | 'start-script' | 'npm-start';
  port?: number;
  /** Copy its standard error to ours as it arrives (to see a failing start-up in CI logs). */
  isEchoingErrors?: boolean;
};

/**
 * Spawns the server without waiting for it. Defaults suit tests: NODE_ENV=test, 127.0.0.1 on a free
 * port with PUBLIC_URL to match, and the embedded database unless `env` gives DATABASE_URL.
 */
export async function spawnServer(
  env: Record<string, string>,
  options: SpawnOptions = {},
): Promise<ServerProcess> {
  const port = options.port ?? (env.PORT ? Number(env.PORT) : await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const [command, ...args] =
    options.entry === 'npm-start'
      ? ['npm', 'start', '--silent']
      : options.entry === 'start-script'
        ? [process.execPath, 'scripts/start.mjs']
        : [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const child = spawn(command as string, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: '',
      PORT: String(port),
      // Stopping at once on SIGTERM, as before the drain, unless a test is about the drain.
      SHUTDOWN_DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
    if (options.isEchoingErrors) process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    port,
    baseUrl,
    output: () => output,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Resolves once /readyz answers 200; fails at once if the process exits first. */
export async function waitUntilReady(server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  try {
    await waitUntil(
      async () => {
        if (server.child.exitCode !== null) throw new Error('The server exited during start-up');
        return (await fetch(`${server.baseUrl}/readyz`).catch(() => undefined))?.status === 200;
      },
      timeoutMs,
      'the server to be ready',
    );
  } catch (error) {
    throw new Error(`${(error as Error).message}. It printed:\n${server.output()}`);
  }
}

export async function startServerProcess(env: Record<string, string>, options: SpawnOptions = {}) {
  const server = await spawnServer(env, options);
  await waitUntilReady(server).catch(async (error: unknown) => {
    await server.stop('SIGKILL');
    throw error;
  });
  return server;
}
