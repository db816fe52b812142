import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

const cleanup: string[] = [];

afterAll(async () => {
  for (const dir of cleanup) await rm(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL', () => {
  it.runIf(process.getuid?.() === 0)(
    'starts under a folder that shuts other users out (a 0700 checkout)',
    async () => {
      const closed = await mkdtemp(path.join(tmpdir(), 'ballast-closed-'));
      cleanup.push(closed);
      await mkdir(path.join(closed, 'project'));
      expect((await stat(closed)).mode & 0o777).toBe(0o700);

      const server = await startEmbeddedPostgres({
        dataDir: path.join(closed, 'project', '.data'),
        isEphemeral: true,
      });
      try {
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        const { rows } = await client.query<{ answer: number }>('SELECT 6 * 7 AS answer');
        await client.end();
        expect(rows[0]?.answer).toBe(42);
        expect((await stat(closed)).mode & 0o777).toBe(0o701);
      } finally {
        await server.stop();
      }
    },
  );

  it('keeps its data folder shut to every other account, and its cluster to the postgres user', async () => {
    const parent = await mkdtemp(path.join(tmpdir(), 'ballast-modes-'));
    cleanup.push(parent);
    const dataDir = path.join(parent, '.data');
    const server = await startEmbeddedPostgres({ dataDir, isEphemeral: true });
    try {
      const data = await stat(dataDir);
      const cluster = await stat(path.join(dataDir, 'postgres'));
      expect(cluster.mode & 0o777).toBe(0o700);
      if (process.getuid?.() === 0) {
        // PostgreSQL runs as postgres, which must pass through DATA_DIR to its cluster, and only that.
        expect(data.mode & 0o777).toBe(0o710);
        expect(data.gid).toBe(cluster.gid);
        expect(cluster.uid).not.toBe(0);
      } else {
        expect(data.mode & 0o777).toBe(0o700);
      }
    } finally {
      await server.stop();
    }
  });
});
