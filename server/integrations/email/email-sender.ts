import type { BaseLogger } from 'pino';
import type { Config } from '../../config';
import type { EmailMessage } from '../outbound-message';
import { type EmailJsSettings, missingEmailJsSettings, sendWelcomeWithEmailJs } from './emailjs';
import { createSmtpSender, describeSmtpUrl, type OutgoingEmail, type SmtpSender } from './smtp';
import { renderEmail } from './templates/render-email';
import { unsubscribeUrl } from './unsubscribe-token';

export type EmailVia = 'smtp' | 'emailjs' | 'dev-mailbox';

export type EmailSender = {
  /** Start-up log lines saying where email goes. */
  describe(): { level: 'info' | 'warn'; message: string }[];
  send(message: EmailMessage, context: { outboxId: string }): Promise<EmailVia>;
  close(): void;
};

export type EmailSenderOptions = {
  config: Config;
  /**
   * Keeps an email no transport carries (the development mailbox) and answers where. The outbox owns
   * that table; this module only talks to mail services.
   */
  storeInDevMailbox: (outboxId: string, email: OutgoingEmail) => Promise<string>;
  log: Pick<BaseLogger, 'info' | 'warn'>;
  /** Test hook: how long to wait for EmailJS. */
  emailJsTimeoutMs?: number;
};

function isEmailJsConfigured(config: Config): boolean {
  return Boolean(
    config.EMAILJS_SERVICE_ID ||
      config.EMAILJS_TEMPLATE_ID ||
      config.EMAILJS_PUBLIC_KEY ||
      config.EMAILJS_PRIVATE_KEY,
  );
}

/** Which transport carries email under this configuration (see createEmailSender). */
export function emailTransportFor(config: Config): 'smtp' | 'emailjs' | 'dev-mailbox' {
  if (config.SMTP_URL) return 'smtp';
  return isEmailJsConfigured(config) ? 'emailjs' : 'dev-mailbox';
}

function emailJsSettings(config: Config, timeoutMs?: number): EmailJsSettings | undefined {
  if (!isEmailJsConfigured(config)) return undefined;
  return {
    apiUrl: config.EMAILJS_API_URL ?? 'https://api.emailjs.com',
    serviceId: config.EMAILJS_SERVICE_ID,
    templateId: config.EMAILJS_TEMPLATE_ID,
    publicKey: config.EMAILJS_PUBLIC_KEY,
    privateKey: config.EMAILJS_PRIVATE_KEY,
    timeoutMs,
  };
}

/**
 * Chooses the transport per message (docs/decisions/006-outbound-delivery.md): SMTP carries everything
 * when it is configured; otherwise EmailJS carries the waitlist welcome (its one template) and every
 * other email, like every email when nothing is configured, goes to the development mailbox: stored in
 * the database and logged, never dropped.
 */
export function createEmailSender(options: EmailSenderOptions): EmailSender {
  const { config, log } = options;
  const host = new URL(config.publicUrl).hostname;
  const from = config.EMAIL_FROM ?? `Ballast <no-reply@${host}>`;
  const smtp: SmtpSender | undefined = config.SMTP_URL ? createSmtpSender(config.SMTP_URL) : undefined;
  const emailJs = smtp ? undefined : emailJsSettings(config, options.emailJsTimeoutMs);

  return {
    describe() {
      if (smtp)
        return [
          { level: 'info', message: `Email: SMTP via ${describeSmtpUrl(config.SMTP_URL!)}, from ${from}` },
        ];
      if (emailJs) {
        const lines: { level: 'info' | 'warn'; message: string }[] = [
          {
            level: 'warn',
            message:
              'Email: EmailJS sends the waitlist welcome; other emails (sign-in links, contact messages) are only stored in the development mailbox (dev_mailbox table) until SMTP_URL is set',
          },
        ];
        const missing = missingEmailJsSettings(emailJs);
        if (missing.length > 0) {
          lines.push({
            level: 'warn',
            message: `Email: EmailJS will refuse every message: ${missing.join('; ')}`,
          });
        }
        return lines;
      }
      return [
        {
          level: config.isProduction ? 'warn' : 'info',
          message:
            'Email: no transport configured (SMTP_URL or EMAILJS_*): emails are stored in the development mailbox (dev_mailbox table) and logged, not sent',
        },
      ];
    },

    async send(message, { outboxId }) {
      const recipientUnsubscribeUrl = unsubscribeUrl(config.publicUrl, config.sessionSecret, message.to);
      const rendered = renderEmail(message, {
        publicUrl: config.publicUrl,
        supportEmail: config.supportEmail,
        unsubscribeUrl: recipientUnsubscribeUrl,
      });
      const email: OutgoingEmail = { ...rendered, from, to: message.to, messageId: `<${outboxId}@${host}>` };
      if (smtp) {
        await smtp.send(email);
        return 'smtp';
      }
      if (emailJs && message.template === 'waitlist-welcome') {
        await sendWelcomeWithEmailJs(
          emailJs,
          {
            ...message,
            // The template's fields are the spec's: the link that keeps the place goes in the message.
            message: message.confirmUrl ? `${message.message} ${message.confirmUrl}` : message.message,
            unsubscribeUrl: recipientUnsubscribeUrl,
          },
          (error) =>
            log.warn(
              { outboxId, emailjsError: error.kind },
              `EmailJS refused the welcome email (${error.message}); retrying once with the alternative field names`,
            ),
        );
        return 'emailjs';
      }
      const mailboxId = await options.storeInDevMailbox(outboxId, email);
      // Recipients' addresses stay out of info lines (they are personal data); the mailbox row has it.
      const line = `Email "${email.subject}" stored in the development mailbox (dev_mailbox ${mailboxId}), not sent`;
      if (emailJs) {
        log.warn({ outboxId }, `${line}: EmailJS carries only the waitlist welcome; set SMTP_URL to send it`);
      } else {
        log.info({ outboxId }, line);
      }
      return 'dev-mailbox';
    },

    close() {
      smtp?.close();
    },
  };
}
