import type { ContactMessageRequest } from '@common/contact-schemas';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

export async function insertContactMessage(db: DbOrTx, message: ContactMessageRequest): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  return row!.id;
}
