import { createTransport } from 'nodemailer';
import type { RenderedEmail } from './templates/layout';

export type OutgoingEmail = RenderedEmail & { from: string; to: string; messageId: string };

export type SmtpSender = { send(email: OutgoingEmail): Promise<void>; close(): void };

/**
 * nodemailer over SMTP_URL with a small connection pool: a kept-open connection saves the TCP and TLS
 * handshakes on every email. Timeouts are short so a stuck server fails an attempt (and the outbox
 * retries) well before the queue's 120 s attempt limit.
 */
export function createSmtpSender(smtpUrl: string): SmtpSender {
  const transport = createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(email) {
      await transport.sendMail({
        from: email.from,
        to: email.to,
        replyTo: email.replyTo,
        subject: email.subject,
        text: email.text,
        html: email.html,
        // Derived from the outbox id: a retry after a lost answer carries the same id, so receiving
        // servers and mail clients can recognise the duplicate.
        messageId: email.messageId,
        headers: email.headers,
      });
    },
    close() {
      transport.close();
    },
  };
}

/** Host and port only: the URL may carry a password. */
export function describeSmtpUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}`;
}
