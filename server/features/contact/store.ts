import type { ContactMessageRequest } from '@common/contact-schemas';
import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema/contact';

export async function insertContactMessage(
  db: DbOrTx,
  message: ContactMessageRequest,
  senderId: string | null,
): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, userId: senderId })
    .returning({ id: contactMessages.id });
  return row!.id;
}
