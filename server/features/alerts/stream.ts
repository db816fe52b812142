import type { Alert } from '@common/alerts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { listenToChannel } from '../../db/listen';
import { ALERTS_CHANNEL, findAlert, toAlert } from './store';

export const ALERTS_LISTENER_APPLICATION_NAME = 'ballast-alerts-listener';
export const SESSIONS_LISTENER_APPLICATION_NAME = 'ballast-sessions-listener';

/** Announced by the sessions table's trigger with `<sessionId> <userId>` whenever a session row goes. */
const SESSIONS_ENDED_CHANNEL = 'sessions_ended';

/** One open stream: the session that opened it, what to send, and how to end it. */
type Subscriber = { sessionId: string; send: (alert: Alert) => void; end: () => void };

export type AlertHub = {
  /**
   * Calls `send` with each new alert for this creator until the returned function is called; calls `end`
   * when the session that opened the stream ends (sign-out, revoked, account deleted), on any instance.
   */
  subscribe(userId: string, subscriber: Subscriber): () => void;
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
  const subscribers = new Map<string, Set<Subscriber>>();
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
          if (row) for (const { send } of sends) send(toAlert(row));
        },
        (error: unknown) => options.log.warn({ err: error }, 'Could not read a new alert for its stream'),
      );
    },
    // Dashboards re-read the list when their stream reconnects; nothing to catch up here.
    onListening: () => {},
  });
  const sessionsListener = listenToChannel({
    url: options.url,
    channel: SESSIONS_ENDED_CHANNEL,
    applicationName: SESSIONS_LISTENER_APPLICATION_NAME,
    log: options.log,
    onNotification(payload) {
      const [sessionId, userId] = (payload ?? '').split(' ');
      for (const subscriber of (userId && subscribers.get(userId)) || []) {
        if (subscriber.sessionId === sessionId) subscriber.end();
      }
    },
    // A stream whose session ended while nobody listened finds out at its next request: the session is gone.
    onListening: () => {},
  });
  await Promise.all([listener.ready, sessionsListener.ready]);
  return {
    subscribe(userId, subscriber) {
      const sends = subscribers.get(userId) ?? new Set();
      sends.add(subscriber);
      subscribers.set(userId, sends);
      return () => {
        sends.delete(subscriber);
        if (sends.size === 0) subscribers.delete(userId);
      };
    },
    close: async () => {
      await Promise.all([listener.close(), sessionsListener.close()]);
    },
  };
}
