import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { migrateDatabase } from '../../server/db/migrate';
import { startJobs } from '../../server/jobs/boss';
import { ignoreDroppedConnection } from './pool-errors';

export const TEMPLATE_DATABASE = 'ballast_template';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseAdminUrl: string;
  }
}

/**
 * One real PostgreSQL for the whole run, with a template database that has every migration and the
 * job queue schema applied. Each test file clones it (tests/support/database.ts): a fresh database
 * costs one CREATE DATABASE instead of a migration run.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ballast-test-db-'));
  const server = await startEmbeddedPostgres({ dataDir, isEphemeral: true });
  const admin = new pg.Client({ connectionString: server.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const templateUrl = server.adminUrl.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`);
  const template = connectDatabase(templateUrl, { max: 2, onError: ignoreDroppedConnection });
  await migrateDatabase(template.db, template.pool);
  await template.close();
  const jobs = await startJobs(templateUrl);
  await jobs.stop({ graceful: false, wait: true });

  project.provide('databaseAdminUrl', server.adminUrl);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
