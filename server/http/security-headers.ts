import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const STRIPE_JS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

function contentSecurityPolicy(isHttps: boolean) {
  return {
    directives: {
      defaultSrc: ["'self'"],
      // Stripe.js (loaded by the subscribe page only) is the one script from elsewhere.
      scriptSrc: ["'self'", ...STRIPE_JS],
      // Inline styles are allowed (Radix's scroll lock injects a <style>, charts set geometry inline);
      // scripts are not: no inline script, no eval, our own origin and Stripe.js only.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", 'https://api.stripe.com'],
      // The Payment Element's card fields and 3-D Secure challenges are Stripe's frames.
      frameSrc: [...STRIPE_JS, 'https://hooks.stripe.com'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: isHttps ? [] : null,
    },
  };
}

/** The app's headers for pages and files: the policy above, HSTS whenever the public address is https. */
export function securityHeaderOptions(isHttps: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: contentSecurityPolicy(isHttps),
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

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
 * What a JSON answer needs, and no more: it is data, never a page, so what governs a document (scripts,
 * referrers, window openers, DNS prefetching) does not apply. nosniff keeps it from being read as
 * anything else; a policy that allows nothing, and no framing, covers a browser that is made to open it;
 * same-origin resource policy keeps other sites' pages from embedding it. This is OWASP's set for REST
 * answers, and about a fifth of the bytes of the document set (decision 038).
 */
function dataHeaders(documentHeaders: Record<string, string>): Record<string, string> {
  const hsts = documentHeaders['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
  };
}

const isData = (contentType: unknown) =>
  typeof contentType === 'string' &&
  (contentType.startsWith('application/json') || contentType.startsWith('text/event-stream'));

/**
 * Security headers and the request id on every response. Helmet's own Fastify plugin parses the
 * Content-Security-Policy directives again on every request (about a third of a small request's CPU);
 * the policy is the same for every response, so it is computed at start-up (decision 019).
 *
 * Every reply starts with the data set (so a stream hijacked from its reply still has it), and one that
 * is not JSON when it is sent (a page, a file, a download, plain text) gets the whole document set,
 * except for a header its route set itself. The document set is about 800 bytes a response; on the counters route every open
 * page polls, that was most of what the app's answer cost beyond a bare route's (docs/benchmarks.md).
 * Synchronous hooks, for the same reason. Answers the data set.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  options: HelmetOptions,
): { data: Readonly<Record<string, string>> } {
  const documents = securityHeaders(options);
  const data = dataHeaders(documents);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(data);
    reply.header('x-request-id', request.id);
    done();
  });
  const documentEntries = Object.entries(documents);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isData(reply.getHeader('content-type'))) {
      // A header a route set itself (the API docs' own policy, say) stays.
      for (const [name, value] of documentEntries) {
        const current = reply.getHeader(name);
        if (current === undefined || current === data[name]) reply.header(name, value);
      }
    }
    done(null, payload);
  });
  return { data };
}
