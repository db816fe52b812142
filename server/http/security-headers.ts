import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The response headers helmet would set for these options, worked out once. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    isDone = true;
  });
  if (!isDone) throw new Error('helmet did not finish synchronously');
  return headers;
}

/**
 * Helmet's headers and the request id on every response. Helmet's own Fastify plugin parses the
 * Content-Security-Policy directives again on every request (about a third of a small request's CPU);
 * the policy is the same for every response, so it is computed at start-up and copied onto each reply.
 * A synchronous hook, because the counters endpoint every open page polls goes through it.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    reply.header('x-request-id', request.id);
    done();
  });
}
