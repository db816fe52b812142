import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { llmOptionsFrom } from '../../integrations/llm/chat-json';
import { registerSignedInRoutes, type SignedIn } from '../auth/public';
import { findLatestHealthScores } from '../health-check/public';
import { registerBlueprintRoutes } from './routes';

export type BlueprintsPluginOptions = {
  /** The optional model that rewords a blueprint (`LLM_*`). */
  config: Config;
  db: Db;
  now: () => Date;
  signedIn: SignedIn;
};

/** Blueprints, planned from the creator's latest health check, signed in. */
export async function blueprintsPlugin(app: FastifyInstance, options: BlueprintsPluginOptions) {
  const { config, db, now, signedIn } = options;
  await registerSignedInRoutes(app, signedIn, (scope) =>
    registerBlueprintRoutes(scope, {
      db,
      llm: llmOptionsFrom(config),
      findHealthScores: (userId) => findLatestHealthScores(db, userId),
      now,
    }),
  );
}
