import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { devMailbox } from '../db/schema/email';
import type { OutgoingEmail } from '../integrations/email/smtp';

type Stored = {
  outboxId: string;
  email: OutgoingEmail;
  resolve(id: string): void;
  reject(error: unknown): void;
};

/**
 * Keeps the whole message (headers included) so a developer can read it and follow its links. Messages
 * stored in the same turn of the event loop (a delivery batch sends its emails together) are written in
 * one statement: under a burst of signups that is one insert a batch rather than one a welcome email.
 */
export function devMailboxWriter(db: DbOrTx) {
  let waiting: Stored[] = [];

  async function flush() {
    const batch = waiting;
    waiting = [];
    try {
      const rows = await db
        .insert(devMailbox)
        .values(
          batch.map(({ outboxId, email }) => ({
            outboxId,
            from: email.from,
            to: email.to,
            subject: email.subject,
            text: email.text,
            html: email.html,
            headers: { 'Message-ID': email.messageId, ...email.headers },
          })),
        )
        .returning({ id: devMailbox.id, outboxId: devMailbox.outboxId });
      const idOf = new Map(rows.map((row) => [row.outboxId, row.id]));
      for (const stored of batch) stored.resolve(idOf.get(stored.outboxId)!);
    } catch (error) {
      for (const stored of batch) stored.reject(error);
    }
  }

  return (outboxId: string, email: OutgoingEmail): Promise<string> =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(() => void flush());
      waiting.push({ outboxId, email, resolve, reject });
    });
}

export async function deleteDevMailTo(db: DbOrTx, email: string) {
  await db.delete(devMailbox).where(eq(devMailbox.to, email));
}

/** The newest stored emails first, for the development mailbox page. */
export async function listDevMail(db: DbOrTx, limit: number) {
  return db
    .select({
      from: devMailbox.from,
      to: devMailbox.to,
      subject: devMailbox.subject,
      text: devMailbox.text,
      createdAt: devMailbox.createdAt,
    })
    .from(devMailbox)
    .orderBy(desc(devMailbox.createdAt))
    .limit(limit);
}
