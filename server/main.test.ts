import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/support/app';

/** The real process, as `npm start` runs it: its own embedded PostgreSQL under a DATA_DIR of its own. */
type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const started: Server[] = [];

const root = path.resolve(import.meta.dirname, '..');

function startServer(env: Record<string, string>): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const server = { child, output: () => output, exited };
  started.push(server);
  return server;
}

async function waitUntilReady(port: number, server: Server, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready:\n${server.output()}`);
}

async function query<T extends pg.QueryResultRow>(dataDir: string, text: string, values: unknown[] = []) {
  const url = (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-main-'));
});

afterEach(async () => {
  for (const server of started.splice(0)) {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start on a malformed variable and names it', async () => {
    const server = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a port number');
  });

  it('keeps committed data across a SIGKILL, refuses a second server on the same DATA_DIR, and stops on SIGTERM', async () => {
    const port = await freePort();
    const env = { PORT: String(port), DATA_DIR: dataDir };

    const first = startServer(env);
    await waitUntilReady(port, first);
    await query(dataDir, 'CREATE TABLE IF NOT EXISTS survival (note text)');
    await query(dataDir, 'INSERT INTO survival VALUES ($1)', ['written before the crash']);

    first.child.kill('SIGKILL');
    await first.exited;

    const second = startServer(env);
    await waitUntilReady(port, second);
    const rows = await query<{ note: string }>(dataDir, 'SELECT note FROM survival');
    expect(rows).toEqual([{ note: 'written before the crash' }]);

    const intruder = startServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(
      `Another Ballast server (pid ${second.child.pid}) is already running`,
    );
    // The refused start must not have disturbed the running one.
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('finishes in-flight requests before stopping', async () => {
    const port = await freePort();
    const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
    await waitUntilReady(port, server);
    // A request whose body is still arriving when SIGTERM lands must still get its answer.
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const body = JSON.stringify({ note: 'slow upload' });
    socket.write(
      `POST /api/not-a-route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.end(body.slice(5));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 404/);
    expect(answer).toContain('There is nothing at POST /api/not-a-route.');
    expect(await server.exited).toBe(0);
  });

  it('says clearly when the port is taken', async () => {
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      const server = startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use`);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      blocker.close();
    }
  });
});
