import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/** The connection string a running server keeps in DATA_DIR/database-url. */
export async function readEmbeddedDatabaseUrl(dataDir: string): Promise<string> {
  return (await readFile(path.join(dataDir, 'database-url'), 'utf8')).trim();
}

/**
 * SQL against the embedded PostgreSQL of a running server, found through the connection string it
 * keeps in DATA_DIR/database-url while it runs.
 */
export async function queryEmbeddedDatabase<T extends pg.QueryResultRow>(
  dataDir: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: await readEmbeddedDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
