import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/boss';
import type { SignedIn } from '../auth/public';
import { registerContactRoutes } from './routes';

export type ContactPluginOptions = {
  config: Config;
  db: Db;
  jobs: Jobs;
  now: () => Date;
  signedIn: SignedIn;
};

/** The contact form (public, a signed-in sender's account kept with the message) and the strategy review. */
export async function contactPlugin(app: FastifyInstance, options: ContactPluginOptions) {
  const { config, db, jobs, now, signedIn } = options;
  await registerContactRoutes(app, {
    db,
    jobs,
    supportEmail: config.supportEmail,
    findSenderId: async (request) => (await signedIn.currentUser(request))?.id ?? null,
    signedIn,
    now,
  });
}
