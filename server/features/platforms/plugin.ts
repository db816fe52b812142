import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { registerPlatformRoutes } from './routes';
import { platformDepsOf } from './service';

export type PlatformsPluginOptions = {
  /** The providers' credentials, the secret tokens are sealed under, the public address. */
  config: Config;
  db: Db;
  /** Where a new connection's first read is queued. */
  jobs: Jobs;
  now: () => Date;
  signedIn: SignedIn;
};

/** Connecting platforms and the creator's connections, signed in. */
export async function platformsPlugin(app: FastifyInstance, options: PlatformsPluginOptions) {
  const { config, db, jobs, now, signedIn } = options;
  await registerSignedInRoutes(app, signedIn, (scope) =>
    registerPlatformRoutes(scope, platformDepsOf(config, db, now, jobs)),
  );
}
