import type { Alert } from '@common/alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { listenToChannel } from '../../db/listen';
import { ALERTS_CHANNEL, findAlert, toAlert } from './store';

export const ALERTS_LISTENER_APPLICATION_NAME = 'ballast-alerts-listener';

export type AlertHub = {
  /** Calls `send` with each new alert for this creator until the returned function is called. */
  subscribe(userId: string, send: (alert: Alert) => void): () => void;
  close(): Promise<void>;
};

/**
 * New alerts reach open dashboards on whichever instance they are connected to: every instance listens
 * for the notification the raising transaction sends at commit, and passes the alert to its own
 * subscribers for that creator.
 */
export async function startAlertHub(options: {
  url: string;
  db: Db;
  log: FastifyBaseLogger;
}): Promise<AlertHub> {
  const subscribers = new Map<string, Set<(alert: Alert) => void>>();
  const listener = listenToChannel({
    url: options.url,
    channel: ALERTS_CHANNEL,
    applicationName: ALERTS_LISTENER_APPLICATION_NAME,
    log: options.log,
    onNotification(payload) {
      const [userId, alertId] = (payload ?? '').split(' ');
      const sends = userId ? subscribers.get(userId) : undefined;
      if (!sends || !alertId) return;
      void findAlert(options.db, userId!, alertId).then(
        (row) => {
          if (row) for (const send of sends) send(toAlert(row));
        },
        (error: unknown) => options.log.warn({ err: error }, 'Could not read a new alert for its stream'),
      );
    },
    // Dashboards re-read the list when their stream reconnects; nothing to catch up here.
    onListening: () => {},
  });
  await listener.ready;
  return {
    subscribe(userId, send) {
      const sends = subscribers.get(userId) ?? new Set();
      sends.add(send);
      subscribers.set(userId, sends);
      return () => {
        sends.delete(send);
        if (sends.size === 0) subscribers.delete(userId);
      };
    },
    close: () => listener.close(),
  };
}
