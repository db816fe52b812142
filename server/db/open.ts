import type { Config } from '../config';
import { connectDatabase, type DatabaseConnection } from './client';
import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';

export type OpenDatabase = DatabaseConnection & { embedded?: EmbeddedPostgres };

type Log = {
  info(message: string): void;
  warn(message: string): void;
  /** A pooled connection failed (the pool replaces it). */
  poolError(error: Error): void;
};

/** DATABASE_URL when set; otherwise the embedded server under DATA_DIR. Migrations are applied either way. */
export async function openDatabase(config: Config, log: Log): Promise<OpenDatabase> {
  let embedded: EmbeddedPostgres | undefined;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({
      dataDir: config.dataDir,
      log: (level, message) => log[level](message),
    });
    url = embedded.url;
    log.info(`Embedded PostgreSQL is running on 127.0.0.1:${embedded.port} (data in ${config.dataDir})`);
  }
  // Migrations run on a connection without the query deadline: one may rightly take minutes, or wait
  // that long for another instance's migrations under the advisory lock (one connection holds the
  // lock, the other runs them).
  const setup = connectDatabase(url, { max: 2, onError: log.poolError });
  try {
    await migrateDatabase(setup.db, setup.pool);
  } catch (error) {
    await setup.close();
    await embedded?.stop();
    throw error;
  }
  await setup.close();
  const connection = connectDatabase(url, {
    onError: log.poolError,
    deadlineMs: config.DATABASE_TIMEOUT_SECONDS * 1000,
  });
  return {
    ...connection,
    embedded,
    async close() {
      await connection.close();
      await embedded?.stop();
    },
  };
}
