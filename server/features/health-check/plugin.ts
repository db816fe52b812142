import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { registerHealthCheckRoutes } from './routes';

export type HealthCheckPluginOptions = { db: Db; jobs: Jobs; now: () => Date; signedIn: SignedIn };

/** Health checks and their history, signed in. */
export async function healthCheckPlugin(app: FastifyInstance, options: HealthCheckPluginOptions) {
  const { db, jobs, now, signedIn } = options;
  await registerSignedInRoutes(app, signedIn, (scope) => registerHealthCheckRoutes(scope, { db, jobs, now }));
}
