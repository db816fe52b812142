import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { waitUntil } from './wait';

export type ReceivedMail = {
  parsed: ParsedMail;
  raw: string;
  recipients: string[];
  receivedAt: number;
  /** A header's value as sent (unfolded), or undefined. */
  header(name: string): string | undefined;
};

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuse the next `count` messages with a temporary error (451), as a struggling server would. */
  refuseNext(count: number): void;
  /** Hold the next message mid-DATA without answering; resolves once such a message is being held. */
  holdNext(): Promise<void>;
  /**
   * Hold the next message mid-DATA until the returned function is called, then accept it: a delivery in
   * flight for exactly as long as a test needs. Resolves once such a message is being held.
   */
  holdNextUntilReleased(): Promise<() => void>;
  waitForMail(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The first email to `to` whose subject matches, once it has arrived. */
  waitForMailTo(to: string, subject: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** Every email to `to` whose subject matches, once there are at least `count` of them. */
  waitForMailsTo(to: string, subject: RegExp, count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

/** The address after a label in an email's text ("Confirm my address: https://..."), as a person reads it. */
export function linkAfter(mail: ReceivedMail, label: string): string {
  const lines = (mail.parsed.text ?? '').split('\n');
  const index = lines.findIndex((entry) => entry.startsWith(`${label}:`));
  if (index < 0) throw new Error(`no "${label}" link in:\n${lines.join('\n')}`);
  // On the same line after the label, or alone on the next one.
  return (lines[index]!.slice(label.length + 1).trim() || lines[index + 1] || '').trim();
}

/** A real SMTP server (the `smtp-server` package) on a free port, keeping what it receives. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let toRefuse = 0;
  let hold: (() => void) | undefined;
  let holdUntilReleased: ((release: () => void) => void) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (hold) {
          const reached = hold;
          hold = undefined;
          // Never answered: the sender is stuck waiting until it gives up or goes away.
          reached();
          return;
        }
        if (holdUntilReleased) {
          const reached = holdUntilReleased;
          holdUntilReleased = undefined;
          reached(() => void accept());
          return;
        }
        if (toRefuse > 0) {
          toRefuse -= 1;
          const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(error);
        }
        await accept();
      });
      async function accept() {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = await simpleParser(raw);
        received.push({
          parsed,
          raw,
          header(name) {
            const line = parsed.headerLines.find((entry) => entry.key === name.toLowerCase())?.line;
            return line
              ?.slice(line.indexOf(':') + 1)
              .replaceAll(/\r?\n\s+/g, '')
              .trim();
          },
          recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          receivedAt: performance.now(),
        });
        callback();
      }
    },
  });
  async function waitForMailsTo(to: string, subject: RegExp, count: number, timeoutMs = 10_000) {
    const matching = () =>
      received.filter((mail) => mail.recipients.includes(to) && subject.test(mail.parsed.subject ?? ''));
    await waitUntil(
      () => matching().length >= count,
      timeoutMs,
      `${count} emails to ${to} matching ${subject}`,
    );
    return matching();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(count) {
      toRefuse = count;
    },
    holdNext() {
      return new Promise((resolve) => {
        hold = resolve;
      });
    },
    holdNextUntilReleased() {
      return new Promise((resolve) => {
        holdUntilReleased = resolve;
      });
    },
    async waitForMail(count, timeoutMs = 10_000) {
      await waitUntil(() => received.length >= count, timeoutMs, `${count} emails (got ${received.length})`);
      return received;
    },
    waitForMailsTo,
    async waitForMailTo(to, subject, timeoutMs = 10_000) {
      return (await waitForMailsTo(to, subject, 1, timeoutMs))[0]!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
