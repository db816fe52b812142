import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { registerOnboardingRoutes } from './routes';

export type OnboardingPluginOptions = { db: Db; signedIn: SignedIn };

/** The onboarding answers, signed in. */
export async function onboardingPlugin(app: FastifyInstance, { db, signedIn }: OnboardingPluginOptions) {
  await registerSignedInRoutes(app, signedIn, (scope) => registerOnboardingRoutes(scope, { db }));
}
