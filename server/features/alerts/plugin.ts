import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { DatabaseConnection } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { registerAlertRoutes } from './routes';
import { startAlertHub } from './stream';

export type AlertsPluginOptions = {
  /** Its connection string too: the live stream listens for new alerts on a connection of its own. */
  database: DatabaseConnection;
  jobs: Jobs;
  signedIn: SignedIn;
  now: Clock;
};

/** The alerts list and its live stream, whose listener closes with the app. */
export async function alertsPlugin(
  app: FastifyInstance,
  { database, jobs, signedIn, now }: AlertsPluginOptions,
) {
  const hub = await startAlertHub({ url: database.url, db: database.db, log: app.log });
  app.addHook('onClose', () => hub.close());
  await registerSignedInRoutes(app, signedIn, (scope) =>
    registerAlertRoutes(scope, { db: database.db, jobs, hub, now }),
  );
}
