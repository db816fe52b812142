import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { isDatabaseReady } from '../db/migrate';

const statusSchema = z.object({ status: z.string() });

/**
 * `isDraining` turns /readyz to 503 while the process finishes up after SIGTERM; /healthz and every
 * other route keep answering until the connections close.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  pool: pg.Pool,
  isDraining: () => boolean = () => false,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/healthz',
    { schema: { tags: ['system'], summary: 'The process is up', response: { 200: statusSchema } } },
    async () => ({ status: 'ok' }),
  );
  routes.get(
    '/readyz',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers and every migration is applied',
        response: { 200: statusSchema, 503: statusSchema },
      },
    },
    async (_request, reply) => {
      if (isDraining()) return reply.status(503).send({ status: 'stopping' });
      return (await isDatabaseReady(pool))
        ? reply.send({ status: 'ready' })
        : reply.status(503).send({ status: 'unavailable' });
    },
  );
}
