import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { DatabaseConnection } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { startWaitlistCounters } from './counters';
import { registerWaitlistRoutes } from './routes';

export type WaitlistPluginOptions = {
  config: Config;
  /** Its connection string too: the counters listen for new signups on a connection of their own. */
  database: DatabaseConnection;
  jobs: Jobs;
  /** Billing's £5 link for a lifetime place, offered in the welcome email when payments are set up. */
  lifetimePlaceLink: ((signupId: string) => string) | undefined;
  now: Clock;
};

/** Signing up, the counters every public page polls (kept in memory, closed with the app), leaving. */
export async function waitlistPlugin(app: FastifyInstance, options: WaitlistPluginOptions) {
  const { config, database, jobs, lifetimePlaceLink, now } = options;
  const counters = await startWaitlistCounters({ url: database.url, db: database.db, log: app.log });
  app.addHook('onClose', () => counters.close());
  await registerWaitlistRoutes(app, { config, db: database.db, jobs, counters, lifetimePlaceLink, now });
}
