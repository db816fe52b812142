import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyServerFactory } from 'fastify';
import type { Metrics } from '../metrics/metrics';

/**
 * An answer kept in memory and sent before Fastify's routing and hooks run (decision 039). Only for a
 * public GET that every open page polls, that needs nothing from the request, and whose answer is
 * already made: the waitlist counters. `body()` is undefined while there is nothing in memory, and
 * then the request goes to the route as any other does.
 */
export type AnsweredAhead = {
  /** The exact path, with no query string: anything else goes through Fastify. */
  path: string;
  /** The headers the route itself sets; the security headers every JSON answer gets are added. */
  headers: Readonly<Record<string, string>>;
  body(): string | undefined;
};

/** Fastify's own defaults for an HTTP/1 server (lib/server.js), which a server factory must set itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/**
 * A server factory that answers the registered paths itself and hands every other request to Fastify.
 * Each answer it sends is counted in metrics under its route, like any other request, and has its own
 * `x-request-id`; none is logged, as the route logs no line when metrics are on (request-log.ts). With
 * metrics off it answers nothing itself: the route's log line is then the only record of a request.
 */
export function answeringAhead(metrics: Metrics | undefined) {
  const answers = new Map<
    string,
    { path: string; headers: Record<string, string>; body(): string | undefined }
  >();
  let isClosing = false;

  /** The headers as Node takes them fastest (a flat list), made again only when the body changes. */
  const made = new Map<string, { body: string; headers: string[] }>();
  function headersFor(path: string, headers: Record<string, string>, body: string): string[] {
    const last = made.get(path);
    if (last?.body === body) return last.headers;
    const list = [...Object.entries(headers).flat(), 'content-length', String(Buffer.byteLength(body))];
    made.set(path, { body, headers: list });
    return list;
  }

  function answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || isClosing) return false;
    const ahead = answers.get(request.url ?? '');
    const body = ahead?.body();
    if (!ahead || body === undefined) return false;
    const startedAt = performance.now();
    response.writeHead(200, [...headersFor(ahead.path, ahead.headers, body), 'x-request-id', randomUUID()]);
    response.end(body);
    metrics?.observeRequest('GET', ahead.path, 200, (performance.now() - startedAt) / 1000);
    return true;
  }

  const serverFactory: FastifyServerFactory = (handler) => {
    const server = http.createServer((request, response) => {
      if (!answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    return server;
  };

  return {
    /** Undefined with metrics off: Fastify makes its own server. */
    serverFactory: metrics ? serverFactory : undefined,
    /** `securityHeaders`: what every JSON answer starts with (security-headers.ts). */
    add(ahead: AnsweredAhead, securityHeaders: Readonly<Record<string, string>>) {
      answers.set(ahead.path, { ...ahead, headers: { ...securityHeaders, ...ahead.headers } });
    },
    /** From now on every request goes to Fastify, which answers 503 while closing. */
    close() {
      isClosing = true;
    },
  };
}
