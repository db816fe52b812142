import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { devMailbox } from '../db/schema/email';
import type { OutgoingEmail } from '../integrations/email/smtp';

/** Keeps the whole message (headers included) so a developer can read it and follow its links. */
export async function storeInDevMailbox(db: DbOrTx, outboxId: string, email: OutgoingEmail): Promise<string> {
  const [row] = await db
    .insert(devMailbox)
    .values({
      outboxId,
      from: email.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
      headers: { 'Message-ID': email.messageId, ...email.headers },
    })
    .returning({ id: devMailbox.id });
  return row!.id;
}

export async function deleteDevMailTo(db: DbOrTx, email: string) {
  await db.delete(devMailbox).where(eq(devMailbox.to, email));
}
