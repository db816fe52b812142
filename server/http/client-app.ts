import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiErrorBody } from '@common/api-error';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/**
 * Serves the built client: hashed assets cached for a year, HTML never cached, and every other
 * non-API GET answered with the app shell so the client router can take it.
 */
export async function registerClientApp(app: FastifyInstance, clientDist = CLIENT_DIST) {
  const indexFile = path.join(clientDist, 'index.html');
  const hasClient = existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDist,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn(
      `The client is not built (${indexFile} is missing): run "npm run build". The API still works.`,
    );
  }
  const shell = hasClient ? readFileSync(indexFile, 'utf8') : '';

  const sendShell = (reply: FastifyReply) =>
    reply.status(200).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(shell);

  app.get('/', { schema: { hide: true } }, (_request, reply) => sendShell(reply));

  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api/') &&
      hasClient &&
      (request.headers.accept ?? '').includes('text/html');
    if (isPage) return sendShell(reply);
    const body: ApiErrorBody = {
      error: 'NOT_FOUND',
      message: `There is nothing at ${request.method} ${request.url.split('?')[0]}.`,
    };
    return reply.status(404).send(body);
  });
}
