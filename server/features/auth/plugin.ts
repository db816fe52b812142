import type { FastifyInstance } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/storage';
import type { Jobs } from '../../jobs/boss';
import { createAuth } from './better-auth';
import { registerAuthRoutes } from './routes';
import { decorateRequestUser, type SignedIn, signedInWith } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Who is behind a request, for the features whose routes need a signed-in creator (auth's plugin). */
    signedIn: SignedIn;
  }
}

export type AuthPluginOptions = {
  config: Config;
  db: Db;
  /** Where Better Auth's emails are queued, through the outbox. */
  jobs: Jobs;
  /** Where "This wasn't me" finds the files of the account it deletes. */
  storage: FileStorage;
  now: Clock;
};

/**
 * Accounts and sessions: Better Auth, its routes and ours. Every request carries `user` and
 * `authSession` (null until a signed-in scope looks the session up), and the instance carries
 * `signedIn`, which the other features' plugins are given; so this plugin does not keep to its own
 * context. Its routes do.
 */
async function auth(app: FastifyInstance, options: AuthPluginOptions) {
  const { config, db, jobs, now } = options;
  const betterAuth = createAuth({ config, db, jobs, now, log: app.log });
  const signedIn = signedInWith(betterAuth, config, now);
  decorateRequestUser(app);
  app.decorate('signedIn', signedIn);
  await app.register(async (routes) => {
    await registerAuthRoutes(routes, { ...options, auth: betterAuth, signedIn, log: app.log });
  });
}

export const authPlugin = fastifyPlugin(auth, { name: 'auth', fastify: '5.x' });
