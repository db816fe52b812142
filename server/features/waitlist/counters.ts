import { countersForTotal, type WaitlistCounters } from '@common/waitlist';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client';
import { countSignups, SIGNUPS_CHANNEL } from './store';

/** Shows up in pg_stat_activity, so operators (and tests) can tell the listener from the pool. */
export const LISTENER_APPLICATION_NAME = 'ballast-waitlist-listener';

const MAX_RECONNECT_DELAY_MS = 10_000;

export type WaitlistCountersCache = {
  /** The counters as last heard of, or undefined before the first successful load. */
  snapshot(): WaitlistCounters | undefined;
  /** The same, already serialised: every open page polls it, so it is encoded once per change. */
  snapshotJson(): string | undefined;
  /** Reads the total from the database (used before the first load, and after reconnecting). */
  reload(): Promise<WaitlistCounters>;
  /** A signup this instance committed: counted at once, without waiting for its own notification. */
  observe(total: number): void;
  close(): Promise<void>;
};

/**
 * The waitlist counters, kept in memory because every open public page polls them. Every committed
 * signup (on any instance) NOTIFYs the new total; a dedicated connection LISTENs and reconnects with
 * backoff when it drops, reloading the total each time so nothing missed meanwhile is lost.
 */
export async function startWaitlistCounters(options: {
  url: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<WaitlistCountersCache> {
  const { url, db, log } = options;
  let total: number | undefined;
  let counters: WaitlistCounters | undefined;
  let countersJson: string | undefined;
  let listener: pg.Client | undefined;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let failedAttempts = 0;
  let isClosed = false;

  // Totals only grow, and notifications may race a reload: the larger number is always the newer one.
  const observe = (next: number) => {
    if (total !== undefined && next <= total) return;
    total = next;
    counters = countersForTotal(next);
    countersJson = JSON.stringify(counters);
  };

  const reload = async () => {
    observe(await countSignups(db));
    return counters!;
  };

  const scheduleReconnect = () => {
    if (isClosed || reconnectTimer) return;
    const delay = Math.min(250 * 2 ** failedAttempts, MAX_RECONNECT_DELAY_MS);
    failedAttempts += 1;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen();
    }, delay);
    reconnectTimer.unref();
  };

  async function listen() {
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      application_name: LISTENER_APPLICATION_NAME,
    });
    listener = client;
    let isLost = false;
    const onLost = (error?: Error) => {
      if (isLost) return;
      isLost = true;
      client.removeAllListeners('notification');
      client.end().catch(() => {});
      if (isClosed) return;
      log.warn({ err: error }, 'waitlist counters: lost the notification connection, reconnecting');
      scheduleReconnect();
    };
    client.on('error', onLost);
    client.on('end', () => onLost());
    client.on('notification', ({ channel, payload }) => {
      const next = Number(payload);
      if (channel === SIGNUPS_CHANNEL && Number.isInteger(next)) observe(next);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${SIGNUPS_CHANNEL}`);
      failedAttempts = 0;
    } catch (error) {
      onLost(error as Error);
      return;
    }
    // Catch up on whatever was committed while nobody was listening.
    await reload().catch((error: unknown) => log.warn({ err: error }, 'waitlist counters: reload failed'));
  }

  await listen();
  return {
    snapshot: () => counters,
    snapshotJson: () => countersJson,
    reload,
    observe,
    async close() {
      isClosed = true;
      clearTimeout(reconnectTimer);
      await listener?.end().catch(() => {});
    },
  };
}
