import { countersForTotal, type WaitlistCounters } from '@common/waitlist';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { listenToChannel } from '../../db/listen';
import { countSignups, SIGNUPS_CHANNEL } from './store';

/** Shows up in pg_stat_activity, so operators (and tests) can tell the listener from the pool. */
export const LISTENER_APPLICATION_NAME = 'ballast-waitlist-listener';

export type WaitlistCountersCache = {
  /** The counters as last heard of, or undefined before the first successful load. */
  snapshot(): WaitlistCounters | undefined;
  /** The same, already serialised: every open page polls it, so it is encoded once per change. */
  snapshotJson(): string | undefined;
  /**
   * An entity tag for that answer: the counters are a function of the total alone, so the total names
   * them. A poll that sends it back gets 304 and no body.
   */
  snapshotTag(): string | undefined;
  /** Reads the total from the database (used before the first load, and after reconnecting). */
  reload(): Promise<WaitlistCounters>;
  /** A signup this instance committed: counted at once, without waiting for its own notification. */
  observe(total: number): void;
  close(): Promise<void>;
};

/**
 * The waitlist counters, kept in memory because every open public page polls them. Every committed
 * signup (on any instance) NOTIFYs the new total; a dedicated connection LISTENs (db/listen.ts),
 * reloading the total each time it (re)connects so nothing missed meanwhile is lost.
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

  const listener = listenToChannel({
    url,
    channel: SIGNUPS_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    log,
    onNotification(payload) {
      const next = Number(payload);
      if (Number.isInteger(next)) observe(next);
    },
    // Catch up on whatever was committed while nobody was listening.
    onListening: async () => {
      await reload();
    },
  });
  await listener.ready;
  return {
    snapshot: () => counters,
    snapshotJson: () => countersJson,
    snapshotTag: () => (total === undefined ? undefined : `"signups-${total}"`),
    reload,
    observe,
    close: () => listener.close(),
  };
}
