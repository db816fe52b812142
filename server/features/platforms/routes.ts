import { apiErrorSchema } from '@common/api-error';
import {
  connectionParamsSchema,
  keepRevenueMonthSchema,
  platformConnectionSchema,
  platformLinkSchema,
  platformParamsSchema,
  platformProvidersSchema,
  revenueMonthParamsSchema,
  revenueOverlapSchema,
} from '@common/platforms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../auth/public';
import { keepRevenueMonth, listRevenueOverlaps } from './revenue-months-service';
import {
  disconnect,
  finishConnection,
  linkHandle,
  listConnections,
  type PlatformDeps,
  providersStatus,
  startConnection,
} from './service';

const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

export function registerPlatformRoutes(app: FastifyInstance, deps: PlatformDeps) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['platforms'];

  routes.get(
    '/api/connect/:platform',
    {
      schema: {
        tags,
        summary: 'Browser navigation: starts connecting the platform (OAuth 2 with state and PKCE)',
        params: platformParamsSchema,
        response: { 302: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.redirect(await startConnection(deps, signedInUser(request).id, request.params.platform)),
  );

  routes.get(
    '/api/connect/:platform/callback',
    {
      schema: {
        tags,
        summary: 'Where the platform sends the creator back; returns to /health-check with the outcome',
        params: platformParamsSchema,
        querystring: callbackQuery,
        response: { 302: z.null(), 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.redirect(
        await finishConnection(
          deps,
          signedInUser(request).id,
          request.params.platform,
          request.query,
          request.log,
        ),
      ),
  );

  routes.get(
    '/api/platforms',
    {
      schema: {
        tags,
        summary: 'The creator’s platform connections',
        response: { 200: z.array(platformConnectionSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listConnections(deps.db, signedInUser(request).id),
  );

  routes.get(
    '/api/platforms/providers',
    {
      schema: {
        tags,
        summary: 'Which platforms this server can connect through their sign-in',
        response: { 200: platformProvidersSchema, 401: apiErrorSchema },
      },
    },
    async () => providersStatus(deps),
  );

  routes.post(
    '/api/platforms',
    {
      schema: {
        tags,
        summary: 'Link a public handle by hand (stored as unverified)',
        body: platformLinkSchema,
        response: {
          201: platformConnectionSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await linkHandle(deps.db, signedInUser(request).id, request.body)),
  );

  routes.delete(
    '/api/platforms/:id',
    {
      schema: {
        tags,
        summary:
          'Disconnect: the connection and its tokens deleted, the grant revoked at the platform by a job',
        params: connectionParamsSchema,
        response: { 204: z.null(), 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      await disconnect(deps, signedInUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  routes.get(
    '/api/platforms/youtube/revenue-overlaps',
    {
      schema: {
        tags,
        summary: 'Months of YouTube Ads revenue recorded both by the creator and by YouTube',
        response: { 200: z.array(revenueOverlapSchema), 401: apiErrorSchema },
      },
    },
    async (request) => listRevenueOverlaps(deps.db, signedInUser(request).id),
  );

  routes.post(
    '/api/platforms/youtube/revenue-overlaps/:month',
    {
      schema: {
        tags,
        summary: 'Keep one figure for a month recorded twice: YouTube’s or the creator’s own',
        params: revenueMonthParamsSchema,
        body: keepRevenueMonthSchema,
        response: {
          204: z.null(),
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await keepRevenueMonth(
        deps.db,
        signedInUser(request).id,
        request.params.month,
        request.body,
        deps.now(),
      );
      return reply.status(204).send(null);
    },
  );
}
