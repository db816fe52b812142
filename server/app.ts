import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino, { type DestinationStream } from 'pino';
import type { Config } from './config';
import type { DatabaseConnection } from './db/client';
import { registerAccountDeletedPage, registerAccountRoutes } from './features/account/routes';
import { registerAdminRoutes } from './features/admin/routes';
import { registerAlertRoutes } from './features/alerts/routes';
import { startAlertHub } from './features/alerts/stream';
import { createAuth } from './features/auth/better-auth';
import { registerAuthRoutes } from './features/auth/routes';
import { decorateRequestUser, findCurrentUser, registerSignedInRoutes } from './features/auth/session';
import { createPayments } from './features/billing/payments';
import { registerBillingRoutes } from './features/billing/routes';
import { registerBlueprintRoutes } from './features/blueprints/routes';
import { registerContactRoutes } from './features/contact/routes';
import { findLatestHealthScores } from './features/health-check/public';
import { registerHealthCheckRoutes } from './features/health-check/routes';
import { registerOnboardingRoutes } from './features/onboarding/routes';
import { platformDepsOf } from './features/platforms/public';
import { registerPlatformRoutes } from './features/platforms/routes';
import { registerRevenueRoutes } from './features/revenue/routes';
import { registerScreenshotRoutes } from './features/screenshots/routes';
import { startWaitlistCounters } from './features/waitlist/counters';
import { registerWaitlistRoutes } from './features/waitlist/routes';
import { registerClientApp } from './http/client-app';
import { registerErrorHandling } from './http/error-handler';
import { registerHealthRoutes } from './http/health';
import { registerOriginCheck } from './http/origin-check';
import { registerPublicConfigRoute } from './http/public-config';
import { registerRequestLog } from './http/request-log';
import { recordRouteTable } from './http/route-table';
import { registerSecurityHeaders, securityHeaderOptions } from './http/security-headers';
import { llmOptionsFrom } from './integrations/llm/chat-json';
import type { FileStorage } from './integrations/storage/storage';
import { describePayments } from './integrations/stripe/client';
import { lifetimePlaceLink } from './integrations/stripe/lifetime-place-link';
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
  now?: () => Date;
  /** Request counts and times by route (METRICS_PORT set); off when unset. */
  metrics?: Metrics;
  /** True once the process is stopping: /readyz fails so a load balancer sends elsewhere. */
  isDraining?: () => boolean;
};

/** The OpenAPI document without `/api/admin/...`, for everyone but operators. */
function withoutOperatorPaths(document: Record<string, unknown>) {
  const paths = (document.paths ?? {}) as Record<string, unknown>;
  return {
    ...document,
    paths: Object.fromEntries(Object.entries(paths).filter(([url]) => !url.startsWith('/api/admin/'))),
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const isHttps = config.publicUrl.startsWith('https://');
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

  registerSecurityHeaders(app, securityHeaderOptions(isHttps));
  registerOriginCheck(app, config.publicUrl);
  registerErrorHandling(app);
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Ballast API',
        description: 'Waitlist, revenue, health checks, blueprints, alerts and billing for creators.',
        version: '1.0.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  const auth = createAuth({ config, db: database.db, jobs: deps.jobs, log: app.log });
  decorateRequestUser(app);
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The operators' calls are listed to operators only.
    uiHooks: {
      onRequest: async (request) => {
        request.user = await findCurrentUser(auth, config, request);
      },
    },
    transformSpecification: (document, request) =>
      (request as FastifyRequest).user?.isAdmin ? document : withoutOperatorPaths(document),
  });

  registerHealthRoutes(app, database.pool, deps.isDraining);
  registerPublicConfigRoute(app, config);
  await registerAuthRoutes(app, {
    auth,
    config,
    db: database.db,
    storage: deps.storage,
    log: app.log,
  });
  const payments = createPayments(config);
  for (const line of describePayments(config)) app.log[line.level](line.message);
  const billing = {
    db: database.db,
    payments,
    publicUrl: config.publicUrl,
    sessionSecret: config.sessionSecret,
    supportEmail: config.supportEmail,
    log: app.log,
  };
  await registerBillingRoutes(app, { ...billing, signedIn: { auth, config } });
  const now = deps.now ?? (() => new Date());
  const alertHub = await startAlertHub({ url: database.url, db: database.db, log: app.log });
  app.addHook('onClose', () => alertHub.close());
  await registerSignedInRoutes(app, { auth, config }, async (signedIn) => {
    registerAlertRoutes(signedIn, { db: database.db, jobs: deps.jobs, hub: alertHub });
    registerOnboardingRoutes(signedIn, { db: database.db });
    registerRevenueRoutes(signedIn, { db: database.db, now });
    registerBlueprintRoutes(signedIn, {
      db: database.db,
      llm: llmOptionsFrom(config),
      findHealthScores: (userId) => findLatestHealthScores(database.db, userId),
      now,
    });
    registerHealthCheckRoutes(signedIn, { db: database.db, jobs: deps.jobs, now });
    registerPlatformRoutes(signedIn, platformDepsOf(config, database.db, now, deps.jobs));
    await registerScreenshotRoutes(signedIn, {
      db: database.db,
      jobs: deps.jobs,
      storage: deps.storage,
    });
    await registerAccountRoutes(signedIn, {
      db: database.db,
      jobs: deps.jobs,
      stripe: payments?.stripe,
      storage: deps.storage,
      log: app.log,
      isHttps,
      now,
      auth,
    });
    await registerAdminRoutes(signedIn, { db: database.db, jobs: deps.jobs, payments, log: app.log });
  });

  const waitlistCounters = await startWaitlistCounters({ url: database.url, db: database.db, log: app.log });
  app.addHook('onClose', () => waitlistCounters.close());
  await registerWaitlistRoutes(app, {
    config,
    db: database.db,
    jobs: deps.jobs,
    counters: waitlistCounters,
    lifetimePlaceLink: payments
      ? (signupId) => lifetimePlaceLink(config.publicUrl, config.sessionSecret, signupId)
      : undefined,
  });
  await registerContactRoutes(app, {
    db: database.db,
    jobs: deps.jobs,
    supportEmail: config.supportEmail,
    findSenderId: async (request) => (await findCurrentUser(auth, config, request))?.id ?? null,
    signedIn: { auth, config },
    now,
  });

  registerAccountDeletedPage(app, { publicUrl: config.publicUrl, supportEmail: config.supportEmail });
  registerDevMailboxPage(app, { db: database.db, isProduction: config.isProduction });
  await registerClientApp(app, {
    clientDist: deps.clientDist,
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    company: config.company,
  });
  return app;
}
