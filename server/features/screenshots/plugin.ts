import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/storage';
import type { Jobs } from '../../jobs/boss';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { registerScreenshotRoutes } from './routes';

export type ScreenshotsPluginOptions = {
  db: Db;
  /** Where an upload's reading is queued. */
  jobs: Jobs;
  storage: FileStorage;
  /** The app's clock: a screenshot is dated by it (when it was taken is when it came). */
  now: Clock;
  signedIn: SignedIn;
};

/** Uploading screenshots, their figures and images, signed in. */
export async function screenshotsPlugin(app: FastifyInstance, options: ScreenshotsPluginOptions) {
  const { db, jobs, storage, now, signedIn } = options;
  await registerSignedInRoutes(app, signedIn, (scope) =>
    registerScreenshotRoutes(scope, { db, jobs, storage, now }),
  );
}
