import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/database';
import { freePort } from '../../tests/support/free-port';
import { type ServerProcess, startServerProcess } from '../../tests/support/server-process';
import { failureCode } from '../../tests/support/server-requests';

/**
 * Where the metrics listener binds, seen from outside the real process. 127.0.0.2 is the loopback
 * device too, but only a listener bound to every interface answers there: it stands in for the
 * machine's public address, which a test machine may not have.
 */

const OTHER_ADDRESS = '127.0.0.2';

let database: TestDatabase;
let dataDir: string;
const started: ServerProcess[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-metrics-host-'));
});

afterEach(async () => {
  for (const server of started.splice(0)) await server.stop();
});

afterAll(async () => {
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

async function startPublicServer(env: Record<string, string> = {}) {
  const metricsPort = await freePort();
  const server = await startServerProcess({
    HOST: '0.0.0.0',
    METRICS_PORT: String(metricsPort),
    DATABASE_URL: database.url,
    DATA_DIR: await mkdtemp(path.join(dataDir, 'instance-')),
    ...env,
  });
  started.push(server);
  return { server, metricsPort };
}

/** The status of a GET, or why there was none (ECONNREFUSED). */
async function answerOf(url: string): Promise<number | string> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(5_000) })).status;
  } catch (error) {
    return failureCode(error);
  }
}

describe('the metrics listener', () => {
  it('answers on loopback only, though HOST opens the app to every interface', async () => {
    const { server, metricsPort } = await startPublicServer();
    // The app itself answers at the other address: the test can tell the two bindings apart.
    expect(await answerOf(`http://${OTHER_ADDRESS}:${server.port}/healthz`)).toBe(200);
    expect(await answerOf(`http://127.0.0.1:${metricsPort}/metrics`)).toBe(200);
    expect(await answerOf(`http://${OTHER_ADDRESS}:${metricsPort}/metrics`)).toBe('ECONNREFUSED');
    expect(server.output()).toContain(`Metrics are served at http://127.0.0.1:${metricsPort}/metrics`);
  });

  it('binds where METRICS_HOST says, when an operator opens it on purpose', async () => {
    const { metricsPort } = await startPublicServer({ METRICS_HOST: '0.0.0.0' });
    expect(await answerOf(`http://${OTHER_ADDRESS}:${metricsPort}/metrics`)).toBe(200);
  });
});
