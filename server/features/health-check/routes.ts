import { apiErrorSchema } from '@common/api-error';
import { healthCheckInputsSchema, healthCheckSchema, healthHistorySchema } from '@common/health-check';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInUser } from '../auth/public';
import {
  type HealthDeps,
  healthCheckInputs,
  healthHistory,
  latestHealthCheck,
  runHealthCheck,
} from './service';

export function registerHealthCheckRoutes(app: FastifyInstance, deps: HealthDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['health check'];

  routes.get(
    '/api/health-check',
    {
      schema: {
        tags,
        summary: 'The latest health check, or null before the first run',
        response: { 200: healthCheckSchema.nullable(), 401: apiErrorSchema },
      },
    },
    async (request) => latestHealthCheck(deps.db, signedInUser(request).id),
  );

  routes.get(
    '/api/health-check/history',
    {
      schema: {
        tags,
        summary: 'The overall score of recent runs, oldest first',
        response: { 200: healthHistorySchema, 401: apiErrorSchema },
      },
    },
    async (request) => healthHistory(deps.db, signedInUser(request).id),
  );

  routes.get(
    '/api/health-check/inputs',
    {
      schema: {
        tags,
        summary: 'What the next run would read: answers given, revenue of the last 90 days',
        response: { 200: healthCheckInputsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => healthCheckInputs(deps, signedInUser(request).id),
  );

  routes.post(
    '/api/health-check',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Run the health check now and keep the result (the same inputs within a minute: the same run)',
        response: { 200: healthCheckSchema, 401: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => runHealthCheck(deps, signedInUser(request).id),
  );
}
