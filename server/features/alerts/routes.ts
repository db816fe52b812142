import {
  type Alert,
  alertListQuerySchema,
  alertPageSchema,
  alertParamsSchema,
  alertSchema,
} from '@common/alerts';
import { apiErrorSchema } from '@common/api-error';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from '../../clock';
import { signedInSession, signedInUser } from '../auth/public';
import { filterUsersCovering, requireFeature } from '../billing/public';
import { type AlertDeps, dismissAlert, listAlerts } from './service';
import type { AlertHub } from './stream';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;

export function registerAlertRoutes(app: FastifyInstance, deps: AlertDeps & { hub: AlertHub; now: Clock }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Open streams never finish by themselves: they are ended when the server stops.
  const openStreams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of openStreams) end();
  });
  const tags = ['alerts'];

  routes.get(
    '/api/alerts',
    {
      schema: {
        tags,
        summary:
          'The creator’s alerts a page at a time: unread ones first however old, then read ones, newest first',
        querystring: alertListQuerySchema,
        response: { 200: alertPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => listAlerts(deps.db, signedInUser(request).id, request.query, deps.now()),
  );

  routes.post(
    '/api/alerts/:id/read',
    {
      schema: {
        tags,
        summary: 'Dismiss an alert (mark it read)',
        params: alertParamsSchema,
        response: { 200: alertSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => dismissAlert(deps.db, signedInUser(request).id, request.params.id, deps.now()),
  );

  routes.get(
    '/api/alerts/stream',
    {
      // A HEAD would open a stream whose headers Node only sends when it ends, that is never.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary:
          'Server-sent events: each new alert for the creator, as `event: alert` with the alert as data (The Guardian and up)',
        response: { 401: apiErrorSchema, 402: apiErrorSchema },
      },
      // Decided before the stream opens: a plan without real-time alerts gets 402 and no stream.
      preHandler: async (request) => {
        await requireFeature(deps.db, signedInUser(request).id, 'realTimeAlerts');
      },
    },
    (request, reply) => {
      const userId = signedInUser(request).id;
      const sessionId = signedInSession(request).id;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        // The security headers every reply carries (set on the reply before it was hijacked).
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      raw.write(': connected\n\n');
      let heartbeat: NodeJS.Timeout | undefined;
      // Ended by the client going away, by the server stopping, or by the session ending (sign-out).
      const end = () => {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(end);
        raw.end();
      };
      // A plan can end while its stream is open (cancelled, refunded, a grant removed): each alert is
      // sent only while the plan still covers the stream, which ends at the first one it does not.
      // Checked in turn, so alerts keep their order.
      let sending = Promise.resolve();
      const send = (alert: Alert) => {
        sending = sending
          .then(() => filterUsersCovering(deps.db, [userId], 'realTimeAlerts'))
          .then(
            (covered) => {
              if (!covered.has(userId)) return end();
              raw.write(`event: alert\ndata: ${JSON.stringify(alert)}\n\n`);
            },
            (error: unknown) =>
              request.log.warn({ err: error }, 'Could not check the plan of an alert stream'),
          );
      };
      const unsubscribe = deps.hub.subscribe(userId, { sessionId, send, end });
      heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
      openStreams.add(end);
      request.raw.on('close', end);
    },
  );
}
