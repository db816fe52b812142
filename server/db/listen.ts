import pg from 'pg';
import type { BaseLogger } from 'pino';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export type ChannelListener = {
  /** Settles once the first attempt to listen has succeeded or failed (a failure keeps retrying). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/**
 * LISTENs on one PostgreSQL channel over a connection of its own, for as long as the app runs. When the
 * connection drops it reconnects with backoff (250 ms doubling to 10 s) and calls `onListening` again,
 * so the caller can catch up on whatever was committed while nobody was listening: notifications are
 * not queued for a listener that is away.
 */
export function listenToChannel(options: {
  url: string;
  channel: string;
  /** Shows in pg_stat_activity, so operators (and tests) can tell the listener from the pool. */
  applicationName: string;
  log: Pick<BaseLogger, 'warn'>;
  onNotification(payload: string | undefined): void;
  onListening(): void | Promise<void>;
}): ChannelListener {
  const { url, channel, applicationName, log } = options;
  let client: pg.Client | undefined;
  let retryTimer: NodeJS.Timeout | undefined;
  let failedAttempts = 0;
  let isClosed = false;

  const scheduleRetry = () => {
    if (isClosed || retryTimer) return;
    const delay = Math.min(FIRST_RETRY_MS * 2 ** failedAttempts, MAX_RETRY_MS);
    failedAttempts += 1;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void listen();
    }, delay);
    retryTimer.unref();
  };

  async function listen(): Promise<void> {
    const candidate = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: applicationName,
    });
    client = candidate;
    let isLost = false;
    const onLost = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      candidate.removeAllListeners('notification');
      candidate.end().catch(() => {});
      if (isClosed) return;
      log.warn({ err: error, channel }, 'Lost the connection listening for notifications; reconnecting');
      scheduleRetry();
    };
    candidate.on('error', onLost);
    candidate.on('end', () => onLost());
    candidate.on('notification', (message) => {
      if (message.channel === channel) options.onNotification(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      onLost(error as Error);
      return;
    }
    if (isClosed) {
      await candidate.end().catch(() => {});
      return;
    }
    failedAttempts = 0;
    try {
      await options.onListening();
    } catch (error) {
      log.warn({ err: error, channel }, 'Catching up after listening for notifications failed');
    }
  }

  return {
    ready: listen(),
    async close() {
      isClosed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
    },
  };
}
