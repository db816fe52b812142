import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import type { DatabaseConnection } from './db/client';
import { accountPlugin } from './features/account/plugin';
import { adminPlugin } from './features/admin/plugin';
import { alertsPlugin } from './features/alerts/plugin';
import { authPlugin } from './features/auth/plugin';
import { billingPlugin } from './features/billing/plugin';
import { blueprintsPlugin } from './features/blueprints/plugin';
import { contactPlugin } from './features/contact/plugin';
import { healthCheckPlugin } from './features/health-check/plugin';
import { onboardingPlugin } from './features/onboarding/plugin';
import { platformsPlugin } from './features/platforms/plugin';
import { revenuePlugin } from './features/revenue/plugin';
import { screenshotsPlugin } from './features/screenshots/plugin';
import { waitlistPlugin } from './features/waitlist/plugin';
import { registerApiDocs, registerOpenApi } from './http/api-docs';
import { registerClientApp } from './http/client-app';
import { registerErrorHandling } from './http/error-handler';
import { registerHealthRoutes } from './http/health';
import { registerOriginCheck } from './http/origin-check';
import { registerPublicConfigRoute } from './http/public-config';
import { createLimitCounter, sharedRateLimitStore } from './http/rate-limit';
import { registerRequestLog } from './http/request-log';
import { recordRouteTable } from './http/route-table';
import { registerSecurityHeaders, securityHeaderOptions } from './http/security-headers';
import type { FileStorage } from './integrations/storage/storage';
import type { Jobs } from './jobs/boss';
import { registerDevMailboxPage } from './jobs/dev-mailbox-page';
import type { Metrics } from './metrics/metrics';
import { LOG_SERIALIZERS, REDACTED_PATHS } from './redaction';
import { trustProxyOption } from './trust-proxy';

export type AppDeps = {
  config: Config;
  database: DatabaseConnection;
  jobs: Jobs;
  /** Where uploaded files live: the bucket or the folder (`createFileStorage`). */
  storage: FileStorage;
  /** Where the built client lives; tests point it elsewhere or at nothing. */
  clientDist?: string;
  /** Where log lines go (standard output when unset). */
  logStream?: DestinationStream;
  /** The clock that decides "today" and "this month"; tests fix it. */
  now?: Clock;
  /** Request counts and times by route (METRICS_PORT set); off when unset. */
  metrics?: Metrics;
  /** True once the process is stopping: /readyz fails so a load balancer sends elsewhere. */
  isDraining?: () => boolean;
};

/**
 * The app: the Fastify instance and its logger, the cross-cutting HTTP layer, then each feature's plugin,
 * given what it names in its options. Auth's plugin goes first (every signed-in route needs its
 * `signedIn`), billing's before those given its payments, and the client app last, as the catch-all.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, jobs, storage } = deps;
  const { db } = database;
  const now = deps.now ?? systemClock;
  const destination = deps.logStream ?? pino.destination({ dest: 1, sync: true });
  const logger = pino(
    {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: LOG_SERIALIZERS,
    },
    destination,
  );
  // The one line per request has fixed fields (the URL already stripped of link secrets), so it
  // skips the redaction every other line goes through: wildcard redaction cost a fifth of the
  // throughput of the smallest requests (docs/benchmarks.md).
  const accessLog = pino({ level: config.LOG_LEVEL }, destination);
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    genReqId: () => randomUUID(),
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    forceCloseConnections: false,
    return503OnClosing: true,
  });

  recordRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestLog(app, accessLog, deps.metrics);
  registerSecurityHeaders(app, securityHeaderOptions(config.publicUrl.startsWith('https://')));
  registerOriginCheck(app, config);
  registerErrorHandling(app);
  // Every route's limit is counted in PostgreSQL, so all instances on the database share it (decision 063).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(createLimitCounter(db, now)) });
  await registerOpenApi(app);

  await app.register(authPlugin, { config, db, jobs, storage, now });
  const { signedIn } = app;
  await registerApiDocs(app, signedIn);
  registerHealthRoutes(app, database.pool, deps.isDraining);
  registerPublicConfigRoute(app, config);
  await app.register(billingPlugin, { config, db, signedIn });
  const { payments, lifetimePlaceLink } = app.billing;
  await app.register(alertsPlugin, { database, jobs, signedIn, now });
  await app.register(onboardingPlugin, { db, signedIn });
  await app.register(revenuePlugin, { db, now, signedIn });
  await app.register(blueprintsPlugin, { config, db, now, signedIn });
  await app.register(healthCheckPlugin, { db, jobs, now, signedIn });
  await app.register(platformsPlugin, { config, db, jobs, now, signedIn });
  await app.register(screenshotsPlugin, { db, jobs, storage, now, signedIn });
  await app.register(accountPlugin, { config, db, jobs, storage, now, signedIn, payments });
  await app.register(adminPlugin, { db, jobs, payments, signedIn, now });
  await app.register(waitlistPlugin, { config, database, jobs, lifetimePlaceLink, now });
  await app.register(contactPlugin, { config, db, jobs, now, signedIn });

  registerDevMailboxPage(app, { db, isProduction: config.isProduction });
  await registerClientApp(app, {
    clientDist: deps.clientDist,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    company: config.company,
  });
  return app;
}
