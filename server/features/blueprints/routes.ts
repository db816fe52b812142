import { apiErrorSchema } from '@common/api-error';
import {
  blueprintParamsSchema,
  blueprintProgressSchema,
  blueprintSchema,
  blueprintTicksSchema,
  blueprintWeekParamsSchema,
} from '@common/blueprints';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { LlmOptions } from '../../integrations/llm/chat-json';
import { signedInUser } from '../auth/public';
import {
  type FindHealthScores,
  generateBlueprint,
  listBlueprints,
  tickWeekTasks,
  updateBlueprintProgress,
} from './service';

export type BlueprintRouteDeps = {
  db: Db;
  llm: LlmOptions | null;
  findHealthScores: FindHealthScores;
  now: () => Date;
};

export function registerBlueprintRoutes(app: FastifyInstance, deps: BlueprintRouteDeps) {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['blueprints'];

  routes.get(
    '/api/blueprints',
    {
      schema: {
        tags,
        summary:
          'Every blueprint the creator has had, newest first (weeks 2–4 without their tasks until The Blueprint)',
        response: { 200: z.array(blueprintSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listBlueprints(db, signedInUser(request).id),
  );

  routes.post(
    '/api/blueprints',
    {
      // A model call can take seconds; a creator needs one plan a month, not hundreds a minute.
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Generate the creator’s active 30-day blueprint (409 while one is active)',
        response: {
          201: blueprintSchema,
          401: apiErrorSchema,
          402: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const blueprint = await generateBlueprint({ ...deps, log: request.log }, signedInUser(request).id);
      return reply.status(201).send(blueprint);
    },
  );

  routes.patch(
    '/api/blueprints/:id/progress',
    {
      schema: {
        tags,
        summary: 'Set progress (0–100); 100 completes the blueprint',
        params: blueprintParamsSchema,
        body: blueprintProgressSchema,
        response: {
          200: blueprintSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      updateBlueprintProgress(db, signedInUser(request).id, request.params.id, request.body.progress),
  );

  routes.patch(
    '/api/blueprints/:id/weeks/:week',
    {
      schema: {
        tags,
        summary:
          'Set which of a week’s tasks are ticked; progress becomes the share of all tasks ticked (weeks 2–4 need The Blueprint)',
        params: blueprintWeekParamsSchema,
        body: blueprintTicksSchema,
        response: {
          200: blueprintSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          402: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) =>
      tickWeekTasks(
        db,
        signedInUser(request).id,
        request.params.id,
        request.params.week,
        request.body.ticked,
      ),
  );
}
