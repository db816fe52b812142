import pino from 'pino';
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirInUseError } from './db/embedded';
import { type OpenDatabase, openDatabase } from './db/open';
import { createFileStorage } from './integrations/storage/from-config';
import { type Jobs, startJobs } from './jobs/boss';
import { type MetricsListener, startMetricsListener } from './metrics/listener';
import { createMetrics } from './metrics/metrics';
import { LOG_SERIALIZERS, REDACTED_PATHS, withoutUrlCredentials } from './redaction';
import { EVERY_WORKER, startWorkers } from './workers';

/** Process entry: configuration, database, jobs, HTTP; and the reverse on SIGTERM/SIGINT. */
async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Asynchronous writes: under load, lines logged while a write is in flight go out together in the
  // next one instead of one blocking write per request; whatever is pending is flushed on exit.
  const logStream = pino.destination({ dest: 1, sync: false });
  const log = pino(
    { level: config.LOG_LEVEL, redact: REDACTED_PATHS, serializers: LOG_SERIALIZERS },
    logStream,
  );

  let database: OpenDatabase;
  try {
    database = await openDatabase(config, {
      info: (message) => log.info(message),
      warn: (message) => log.warn(message),
      poolError: (error) => log.error({ err: error }, 'database connection error'),
    });
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      log.fatal(error.message);
    } else {
      log.fatal({ err: error }, 'start-up failed: the database could not be opened');
    }
    process.exit(1);
  }

  let jobs: Jobs | undefined;
  const shutdownSteps: (() => Promise<unknown>)[] = [];
  const shutdown = async (exitCode: number) => {
    for (const step of shutdownSteps.reverse()) {
      await step().catch((error: unknown) => log.error({ err: error }, 'error during shutdown'));
    }
    process.exit(exitCode);
  };
  shutdownSteps.push(() => database.close());

  const metrics = config.METRICS_PORT === undefined ? undefined : createMetrics({ pool: database.pool });
  // Set on SIGTERM: /readyz fails for SHUTDOWN_DRAIN_SECONDS before the listeners close.
  let isDraining = false;

  try {
    jobs = await startJobs(database.url, {
      onError: (error) => log.error({ err: error }, 'job queue error'),
      metrics,
    });
    const startedJobs = jobs;
    const storage = await createFileStorage(config);
    log.info(`Uploaded files are kept in ${storage.description}`);
    const workers = await startWorkers({ config, database, jobs, storage, log, metrics }, EVERY_WORKER);
    // Steps run in reverse: the queue stops taking jobs, then in-flight deliveries finish before the
    // SMTP pool closes.
    shutdownSteps.push(() => workers.stop());
    shutdownSteps.push(() => startedJobs.stop({ graceful: true, timeout: 10_000 }));
    const app = await buildApp({
      config,
      database,
      jobs,
      storage,
      logStream,
      metrics,
      isDraining: () => isDraining,
    });
    shutdownSteps.push(() => app.close());
    if (metrics && config.METRICS_PORT !== undefined) {
      let listener: MetricsListener;
      try {
        listener = await startMetricsListener(metrics, {
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          onError: (error) => log.error({ err: error }, 'metrics could not be collected'),
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        log.fatal(`METRICS_PORT ${config.METRICS_PORT} is already in use. Free it or choose another port.`);
        return shutdown(1);
      }
      // Closed last of the listeners: a scrape during the drain still sees the process.
      shutdownSteps.splice(shutdownSteps.length - 1, 0, () => listener.close());
      log.info(`Metrics are served at http://${config.METRICS_HOST}:${listener.port}/metrics`);
    }
    try {
      await app.listen({ port: config.PORT, host: config.HOST });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        log.fatal(
          `Port ${config.PORT} is already in use. Stop whatever is using it or set PORT to another port.`,
        );
        return shutdown(1);
      }
      throw error;
    }
    log.info(`Ballast is ready at ${config.publicUrl}`);
  } catch (error) {
    log.fatal({ err: error }, 'start-up failed');
    return shutdown(1);
  }

  let isStopping = false;
  let endDrain = () => {};
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      // A second signal cuts the drain short.
      if (isStopping) return endDrain();
      isStopping = true;
      // SIGTERM comes from a deploy or a scale-in behind a load balancer: fail /readyz first, so it
      // stops sending here before connections close. SIGINT is a person at a terminal: stop now.
      const drainMs = signal === 'SIGTERM' ? config.SHUTDOWN_DRAIN_SECONDS * 1000 : 0;
      log.info(
        drainMs > 0
          ? `${signal} received: /readyz fails for ${drainMs / 1000} s, then in-flight requests finish and the server stops`
          : `${signal} received: finishing in-flight requests, then stopping`,
      );
      isDraining = true;
      const timer = setTimeout(() => endDrain(), drainMs);
      endDrain = () => {
        clearTimeout(timer);
        endDrain = () => {};
        void shutdown(0);
      };
    });
  }
}

try {
  await main();
} catch (error) {
  // Anything that escaped main's own handling: printed without the credentials a URL may carry.
  console.error(
    withoutUrlCredentials(error instanceof Error ? (error.stack ?? error.message) : String(error)),
  );
  process.exit(1);
}
