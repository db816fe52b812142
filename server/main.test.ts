import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../tests/support/database';
import { queryEmbeddedDatabase } from '../tests/support/embedded-database';
import { type ServerProcess, spawnServer, waitUntilReady } from '../tests/support/server-process';
import { waitUntil } from '../tests/support/wait';

/** The real process, as `npm start` runs it: its own embedded PostgreSQL under a DATA_DIR of its own. */
const started: ServerProcess[] = [];

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  started.push(server);
  return server;
}

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-main-'));
});

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('refuses to start on a malformed variable and names it', async () => {
    const server = await startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT must be a port number');
  });

  it('starts up or fails without printing a password from a connection URL', async () => {
    const malformed = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://ballast:hunter2-db@127.0.0.1:notaport/db',
    });
    expect(await malformed.exited).toBe(1);
    expect(malformed.output()).toContain('DATABASE_URL is not a valid URL');
    // A well-formed URL to a server that is not there: the failure is logged, the password is not.
    const unreachable = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://ballast:hunter2-db@127.0.0.1:1/db',
      SMTP_URL: 'smtp://mailer:hunter2-smtp@127.0.0.1:1',
    });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output()).toContain('start-up failed');
    expect(malformed.output() + unreachable.output()).not.toMatch(/hunter2/);
  });

  it('keeps committed data across a SIGKILL, refuses a second server on the same DATA_DIR, and stops on SIGTERM', {
    timeout: 120_000,
  }, async () => {
    const first = await startServer({ DATA_DIR: dataDir });
    await waitUntilReady(first);
    await queryEmbeddedDatabase(dataDir, 'CREATE TABLE IF NOT EXISTS survival (note text)');
    await queryEmbeddedDatabase(dataDir, 'INSERT INTO survival VALUES ($1)', ['written before the crash']);

    await first.stop('SIGKILL');

    const second = await startServer({ DATA_DIR: dataDir, PORT: String(first.port) });
    await waitUntilReady(second);
    const rows = await queryEmbeddedDatabase<{ note: string }>(dataDir, 'SELECT note FROM survival');
    expect(rows).toEqual([{ note: 'written before the crash' }]);

    const intruder = await startServer({ DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toContain(
      `Another Ballast server (pid ${second.child.pid}) is already running`,
    );
    // The refused start must not have disturbed the running one.
    expect((await fetch(`${second.baseUrl}/readyz`)).status).toBe(200);

    expect(await second.stop('SIGTERM')).toBe(0);
    expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('comes up on the first start after the app and its database were killed together', async () => {
    const crashDir = await mkdtemp(path.join(tmpdir(), 'ballast-crash-'));
    try {
      for (let crash = 0; crash < 3; crash++) {
        const running = await startServer({ DATA_DIR: crashDir });
        await waitUntilReady(running);
        await queryEmbeddedDatabase(crashDir, 'CREATE TABLE IF NOT EXISTS crashes (n int)');
        await queryEmbeddedDatabase(crashDir, 'INSERT INTO crashes VALUES ($1)', [crash]);
        // As an OOM kill or a power cut does: the app and the postmaster at the same instant.
        const postmasterPid = Number(
          (await readFile(path.join(crashDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
        );
        running.child.kill('SIGKILL');
        process.kill(postmasterPid, 'SIGKILL');
        await running.exited;

        const restarted = await startServer({ DATA_DIR: crashDir });
        await waitUntilReady(restarted);
        const rows = await queryEmbeddedDatabase<{ n: number }>(crashDir, 'SELECT n FROM crashes ORDER BY n');
        expect(rows.map((row) => row.n)).toEqual(Array.from({ length: crash + 1 }, (_, index) => index));
        expect(await restarted.stop('SIGTERM')).toBe(0);
      }
    } finally {
      await rm(crashDir, { recursive: true, force: true });
    }
    // Six starts of a real server with crash recovery: about 20 s on an idle machine; the limit only
    // stops a hang, with room for a machine busy with other work.
  }, 240_000);

  it('starts several instances at once on one fresh database, every time', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 2; round++) {
      const database = await createTestDatabase({ isEmpty: true });
      try {
        const servers = await Promise.all(
          [1, 2, 3].map(async () =>
            startServer({
              DATA_DIR: await mkdtemp(path.join(dataDir, 'replica-')),
              DATABASE_URL: database.url,
            }),
          ),
        );
        await Promise.all(servers.map((server) => waitUntilReady(server)));
        for (const server of servers) expect(await server.stop('SIGTERM')).toBe(0);
      } finally {
        await database.drop();
      }
    }
  });

  it('finishes in-flight requests before stopping', async () => {
    const server = await startServer({ DATA_DIR: dataDir });
    await waitUntilReady(server);
    // A request whose body is still arriving when SIGTERM lands must still get its answer.
    const socket = connect(server.port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const body = JSON.stringify({ note: 'slow upload' });
    socket.write(
      `POST /api/not-a-route HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
    );
    // The server must have read the request's head before the signal, or it would answer 503 as it closes.
    await waitUntil(() => socket.bytesWritten > 0 && !socket.pending, 5_000, 'the request head to be sent');
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.child.kill('SIGTERM');
    // Only once it is stopping does the rest of the body go: the request is in flight through shutdown.
    await waitUntil(
      () => server.output().includes('SIGTERM received'),
      10_000,
      'the server to start stopping',
    );
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
      const server = await startServer({ PORT: String(port), DATA_DIR: dataDir });
      expect(await server.exited).toBe(1);
      expect(server.output()).toContain(`Port ${port} is already in use`);
      expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      blocker.close();
    }
  });
});
