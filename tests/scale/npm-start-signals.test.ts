import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { waitUntil } from '../support/wait';

/**
 * What an operator does: `npm start`, then `kill` that process (a deploy, a process manager, Ctrl-C).
 * npm runs the script through `sh -c`; a shell that stays in between dies of the signal and leaves the
 * server running, orphaned. The signal must reach the server, and npm must exit with its code.
 */
let dataDir: string;
let server: ServerProcess | undefined;
let serverPid: number | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-npm-start-'));
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  // A server the signal did not reach: stopped properly, so its embedded database stops too.
  if (serverPid !== undefined && isAlive(serverPid)) {
    const pid = serverPid;
    process.kill(pid, 'SIGTERM');
    await waitUntil(() => !isAlive(pid), 30_000, 'the orphaned server to stop').catch(() =>
      process.kill(pid, 'SIGKILL'),
    );
  }
  await rm(dataDir, { recursive: true, force: true });
}, 60_000);

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const statusOf = async (url: string) => (await fetch(url).catch(() => undefined))?.status;

describe('npm start', () => {
  it('passes SIGTERM to the server, fails /readyz while it drains, and exits 0 with it', async () => {
    const metricsPort = await freePort();
    // `npm start` builds what is stale first: a cold checkout takes a while before it listens.
    server = await startServerProcess(
      { DATA_DIR: dataDir, METRICS_PORT: String(metricsPort), SHUTDOWN_DRAIN_SECONDS: '60' },
      { entry: 'npm-start', isEchoingErrors: true },
    );
    const running = server;
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    // The embedded database's lock file names the server process: npm's child, not npm.
    serverPid = Number((await readFile(path.join(dataDir, 'server.pid'), 'utf8')).split('\n')[0]);
    expect(serverPid).not.toBe(running.child.pid);

    // Metrics are on their own port only; the public port has no such page.
    await fetch(`${running.baseUrl}/api/waitlist/counters`);
    const scrape = await fetch(metricsUrl);
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain(
      'ballast_http_request_duration_seconds_count{method="GET",route="/api/waitlist/counters",status="2xx"} 1',
    );
    expect(await statusOf(`${running.baseUrl}/metrics`)).toBe(404);

    running.child.kill('SIGTERM');
    // Draining: the load balancer's check fails while everything else is still answered.
    await waitUntil(
      async () => (await statusOf(`${running.baseUrl}/readyz`)) === 503,
      10_000,
      '/readyz to fail',
    );
    const readiness = await fetch(`${running.baseUrl}/readyz`);
    expect({ status: readiness.status, body: await readiness.json() }).toEqual({
      status: 503,
      body: { status: 'stopping' },
    });
    expect(await statusOf(`${running.baseUrl}/healthz`)).toBe(200);
    expect(await statusOf(`${running.baseUrl}/api/waitlist/counters`)).toBe(200);
    expect(await statusOf(metricsUrl)).toBe(200);

    // A second signal ends the drain at once (an operator who will not wait a minute).
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(isAlive(serverPid)).toBe(false);
    expect(await statusOf(`${running.baseUrl}/healthz`)).toBeUndefined();
    expect(await statusOf(metricsUrl)).toBeUndefined();
    expect(running.output()).toMatch(/SIGTERM received: \/readyz fails for 60 s/);
  }, 240_000);
});
