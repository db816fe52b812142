import pg from 'pg';
import type { BaseLogger } from 'pino';
import { OUTBOX_WAKE_UP_CHANNEL } from './outbox';

const RECONNECT_MS = 5_000;

/**
 * Listens for the notification enqueueOutbound sends at commit and calls `onWakeUp`, so a delivery
 * worker fetches at once instead of at its next poll. Every app instance listens; pg-boss still hands
 * each job to one worker. When the connection drops, polling keeps delivering and we reconnect.
 */
export function listenForOutboxWakeUps(
  url: string,
  onWakeUp: () => void,
  log: Pick<BaseLogger, 'warn'>,
): { close(): Promise<void> } {
  let client: pg.Client | undefined;
  let isClosed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (isClosed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, RECONNECT_MS);
    reconnectTimer.unref();
  };

  const connect = async () => {
    const candidate = new pg.Client({ connectionString: url });
    candidate.on('notification', () => onWakeUp());
    candidate.on('error', (error) => {
      if (isClosed) return;
      log.warn({ err: error }, 'Outbox wake-up connection lost; polling meanwhile, reconnecting');
      candidate.end().catch(() => {});
      if (client === candidate) client = undefined;
      scheduleReconnect();
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${OUTBOX_WAKE_UP_CHANNEL}`);
      if (isClosed) {
        await candidate.end();
        return;
      }
      client = candidate;
      // Whatever was committed while we were not listening is picked up now rather than at the next poll.
      onWakeUp();
    } catch (error) {
      candidate.end().catch(() => {});
      if (!isClosed) {
        log.warn({ err: error }, 'Could not listen for outbox wake-ups; polling meanwhile, retrying');
        scheduleReconnect();
      }
    }
  };

  void connect();
  return {
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
