import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import type { Payments } from '../billing/public';
import { registerAdminRoutes } from './routes';

export type AdminPluginOptions = {
  db: Db;
  jobs: Jobs;
  /** Billing's Stripe, which refunds go through; unset without payments. */
  payments: Payments | undefined;
  signedIn: SignedIn;
  now: Clock;
};

/** The operators' console calls, inside the signed-in scope (decisions 022, 030). */
export async function adminPlugin(
  app: FastifyInstance,
  { db, jobs, payments, signedIn, now }: AdminPluginOptions,
) {
  await registerSignedInRoutes(app, signedIn, (scope) =>
    registerAdminRoutes(scope, { db, jobs, payments, log: app.log, now }),
  );
}
