import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

const TEMPLATE_DATABASE = 'ballast_template';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseAdminUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, fully migrated database of its own (cloned from the template the global setup made). */
export async function createTestDatabase(options: { isEmpty?: boolean } = {}): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = options.isEmpty ? 'template0' : TEMPLATE_DATABASE;
  await withAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = inject('databaseAdminUrl').replace(/\/postgres$/, `/${name}`);
  return {
    url,
    name,
    drop: () =>
      withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
