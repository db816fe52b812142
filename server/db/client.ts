import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export type Db = NodePgDatabase;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Stores accept either, so a service can run several of them in one transaction. */
export type DbOrTx = Db | Tx;

export type DatabaseConnection = {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
};

// NUMERIC and BIGINT arrive as strings (exact); DATE stays a 'YYYY-MM-DD' string, never a shifted JS Date.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type ConnectOptions = {
  max?: number;
  /** An idle connection failed; the pool replaces it. The server logs these. */
  onError: (error: Error) => void;
};

export function connectDatabase(url: string, options: ConnectOptions): DatabaseConnection {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', options.onError);
  const db = drizzle({ client: pool, casing: 'snake_case' });
  return { db, pool, url, close: () => pool.end() };
}
