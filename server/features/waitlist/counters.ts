import { countersFor, type WaitlistCounters } from '@common/waitlist';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { listenToChannel } from '../../db/listen';
import { type ConfirmedCounts, countConfirmed, SIGNUPS_CHANNEL } from './store';

/** Shows up in pg_stat_activity, so operators (and tests) can tell the listener from the pool. */
export const LISTENER_APPLICATION_NAME = 'ballast-waitlist-listener';

export type WaitlistCountersCache = {
  /** The counters as last heard of, or undefined before the first successful load. */
  snapshot(): WaitlistCounters | undefined;
  /** The same, already serialised: every open page polls it, so it is encoded once per change. */
  snapshotJson(): string | undefined;
  /**
   * An entity tag for that answer: the counter's revision moves on with every change to the kept
   * places, so it names them. A poll that sends it back gets 304 and no body.
   */
  snapshotTag(): string | undefined;
  /** Reads the counts from the database (used before the first load, and after reconnecting). */
  reload(): Promise<WaitlistCounters>;
  close(): Promise<void>;
};

/**
 * The waitlist counters, kept in memory because every open public page polls them. Every committed
 * change to the kept places (on any instance) NOTIFYs the counter's revision and counts
 * ("revision:free:lifetime:total"); a dedicated connection LISTENs (db/listen.ts), reloading them each
 * time it (re)connects so nothing missed meanwhile is lost.
 */
export async function startWaitlistCounters(options: {
  url: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<WaitlistCountersCache> {
  const { url, db, log } = options;
  let revision: number | undefined;
  let counters: WaitlistCounters | undefined;
  let countersJson: string | undefined;

  // Notifications may race a reload: the larger revision is always the newer one. A load from the
  // database is the truth at its own revision too (the first load, a reconnect).
  const take = (next: ConfirmedCounts, { isLoaded = false } = {}) => {
    if (revision !== undefined && (isLoaded ? next.revision < revision : next.revision <= revision)) return;
    revision = next.revision;
    counters = countersFor(next);
    countersJson = JSON.stringify(counters);
  };

  const reload = async () => {
    take(await countConfirmed(db), { isLoaded: true });
    return counters!;
  };

  const listener = listenToChannel({
    url,
    channel: SIGNUPS_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    log,
    onNotification(payload) {
      const [next, free, lifetime, total] = (payload ?? '').split(':').map(Number);
      if ([next, free, lifetime, total].every(Number.isInteger))
        take({ revision: next!, free: free!, lifetime: lifetime!, total: total! });
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
    snapshotTag: () => (revision === undefined ? undefined : `"places-${revision}"`),
    reload,
    close: () => listener.close(),
  };
}
