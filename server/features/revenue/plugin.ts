import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { registerRevenueRoutes } from './routes';

export type RevenuePluginOptions = {
  db: Db;
  /** The clock that decides "today" and "this month". */
  now: () => Date;
  signedIn: SignedIn;
};

/** Revenue entries, their summary, history, download and import, signed in. */
export async function revenuePlugin(app: FastifyInstance, { db, now, signedIn }: RevenuePluginOptions) {
  await registerSignedInRoutes(app, signedIn, (scope) => registerRevenueRoutes(scope, { db, now }));
}
