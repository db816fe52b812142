import type { BaseLogger } from 'pino';
import { type ChannelListener, listenToChannel } from '../db/listen';
import { OUTBOX_WAKE_UP_CHANNEL } from './outbox';

export const OUTBOX_LISTENER_APPLICATION_NAME = 'ballast-outbox-listener';

/**
 * Listens for the notification enqueueOutbound sends at commit and calls `onWakeUp`, so a delivery
 * worker fetches at once instead of at its next poll. Every app instance listens; pg-boss still hands
 * each job to one worker. While the connection is down, polling keeps delivering.
 */
export function listenForOutboxWakeUps(
  url: string,
  onWakeUp: () => void,
  log: Pick<BaseLogger, 'warn'>,
): ChannelListener {
  return listenToChannel({
    url,
    channel: OUTBOX_WAKE_UP_CHANNEL,
    applicationName: OUTBOX_LISTENER_APPLICATION_NAME,
    log,
    onNotification: onWakeUp,
    // Whatever was committed while nobody listened is picked up now rather than at the next poll.
    onListening: onWakeUp,
  });
}
