import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/storage';
import type { Jobs } from '../../jobs/boss';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import type { Payments } from '../billing/public';
import { registerAccountDeletedPage, registerAccountRoutes } from './routes';

export type AccountPluginOptions = {
  config: Config;
  db: Db;
  jobs: Jobs;
  /** Where the creator's files are, for the export and the erasure. */
  storage: FileStorage;
  now: () => Date;
  signedIn: SignedIn;
  /** Billing's Stripe, which erasure cancels a subscription through; unset without payments. */
  payments: Payments | undefined;
};

/** The creator's profile, the copy of their data and the erasure (signed in), and the page after it. */
export async function accountPlugin(app: FastifyInstance, options: AccountPluginOptions) {
  const { config, db, jobs, storage, now, signedIn, payments } = options;
  await registerSignedInRoutes(app, signedIn, (scope) =>
    registerAccountRoutes(scope, {
      db,
      jobs,
      stripe: payments?.stripe,
      storage,
      log: app.log,
      isHttps: config.publicUrl.startsWith('https://'),
      now,
      signedIn,
    }),
  );
  registerAccountDeletedPage(app, { publicUrl: config.publicUrl, supportEmail: config.supportEmail });
}
