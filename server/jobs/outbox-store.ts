import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { outboxMessages } from '../db/schema/outbox';
import type { OutboundMessage } from '../integrations/outbound-message';

/** Every update only touches a pending row: a delivered or skipped message never goes back. */
const isPending = (id: string) => and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending'));

export async function findOutboxMessage(db: DbOrTx, id: string) {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return row;
}

export async function findOutboxMessages(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(outboxMessages).where(inArray(outboxMessages.id, ids));
}

/**
 * Messages handed over, in one statement. `keptPayload` replaces what was sent, when less of it should be
 * kept (see `keptAfterDelivery`). The row is found by its primary key only: the ids are also given as
 * `o.id = ANY(…)`, and the pending check is written so no index can serve it, since during a burst of
 * signups the planner, its statistics behind, combined the key with the (status, created_at) index and
 * read every pending row for each batch (3 million index entries for 5,000 signups).
 */
export async function markOutboxDelivered(
  db: DbOrTx,
  deliveries: { id: string; via: string; keptPayload?: OutboundMessage }[],
) {
  if (deliveries.length === 0) return;
  const ids = deliveries.map((delivery) => delivery.id);
  const vias = deliveries.map((delivery) => delivery.via);
  const kept = deliveries.map((delivery) =>
    delivery.keptPayload ? JSON.stringify(delivery.keptPayload) : null,
  );
  await db.execute(sql`
    UPDATE ${outboxMessages} AS o
    SET status = 'delivered', delivered_via = d.via, delivered_at = now(), attempts = o.attempts + 1,
        payload = coalesce(d.kept, o.payload)
    FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(vias)}::text[], ${sql.param(kept)}::jsonb[]) AS d(id, via, kept)
    WHERE o.id = ANY(${sql.param(ids)}::uuid[]) AND o.id = d.id AND (o.status = 'pending') IS TRUE`);
}

/** Messages deliberately not sent, in one statement, each with its reason (found as above). */
export async function markOutboxSkipped(db: DbOrTx, skips: { id: string; note: string }[]) {
  if (skips.length === 0) return;
  const ids = skips.map((skip) => skip.id);
  const notes = skips.map((skip) => skip.note);
  await db.execute(sql`
    UPDATE ${outboxMessages} AS o
    SET status = 'skipped', note = s.note, delivered_at = now()
    FROM unnest(${sql.param(ids)}::uuid[], ${sql.param(notes)}::text[]) AS s(id, note)
    WHERE o.id = ANY(${sql.param(ids)}::uuid[]) AND o.id = s.id AND (o.status = 'pending') IS TRUE`);
}

/** Messages settled as skipped when written (over a recipient's limit): kept for operators, never queued. */
export async function insertSkippedOutbox(db: DbOrTx, skips: { message: OutboundMessage; note: string }[]) {
  if (skips.length === 0) return;
  await db.insert(outboxMessages).values(
    skips.map(({ message, note }) => ({
      channel: message.channel,
      payload: message,
      status: 'skipped' as const,
      note,
      deliveredAt: sql`now()`,
    })),
  );
}

/** One failed attempt; with `isFinal` the message gives up and waits for an operator. */
export async function recordOutboxFailure(db: DbOrTx, id: string, error: string, isFinal: boolean) {
  await db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      lastError: error.slice(0, 2000),
      ...(isFinal ? { status: 'failed' as const, failedAt: sql`now()` } : {}),
    })
    .where(isPending(id));
}

/** For a job that ended without a word from the worker (a process killed on the last attempt). */
export async function markOutboxFailed(db: DbOrTx, id: string, error: string) {
  await db
    .update(outboxMessages)
    .set({
      status: 'failed',
      failedAt: sql`now()`,
      lastError: sql`coalesce(${outboxMessages.lastError}, ${error})`,
    })
    .where(isPending(id));
}

/** Failed messages back to pending, ready to be queued again. Answers the ids it reset. */
export async function resetFailedOutboxMessages(db: DbOrTx, ids?: string[]): Promise<string[]> {
  const where = ids
    ? and(eq(outboxMessages.status, 'failed'), inArray(outboxMessages.id, ids))
    : eq(outboxMessages.status, 'failed');
  const rows = await db
    .update(outboxMessages)
    .set({ status: 'pending', failedAt: null })
    .where(where)
    .returning({ id: outboxMessages.id });
  return rows.map((row) => row.id);
}

/** Every email with one of these templates to this address, whatever its state (leaving the waitlist). */
export async function deleteOutboxEmailsTo(db: DbOrTx, email: string, templates: string[]) {
  await db
    .delete(outboxMessages)
    .where(
      and(
        sql`${outboxMessages.payload}->>'to' = ${email}`,
        inArray(sql`${outboxMessages.payload}->>'template'`, templates),
      ),
    );
}

/** Whether an email with this template was queued to this address in the last `minutes`. */
export async function hasRecentEmailTo(db: DbOrTx, email: string, template: string, minutes: number) {
  const rows = await db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        sql`${outboxMessages.payload}->>'to' = ${email}`,
        sql`${outboxMessages.payload}->>'template' = ${template}`,
        sql`${outboxMessages.createdAt} > now() - make_interval(mins => ${minutes}::int)`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** How many messages are in each state. */
export async function countOutboxByStatus(db: DbOrTx) {
  return db
    .select({ status: outboxMessages.status, total: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .groupBy(outboxMessages.status);
}

/** Messages that failed after every retry, newest first. */
export async function listFailedOutboxMessages(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.status, 'failed'))
    .orderBy(desc(outboxMessages.failedAt))
    .limit(limit);
}

/** The copy of an account queued for the external data service: the account's own. */
export async function deleteOutboxOfAccount(db: DbOrTx, userId: string) {
  await db.delete(outboxMessages).where(sql`${outboxMessages.payload}->'body'->>'id' = ${userId}`);
}

/** Every message queued to or about the address (emails, the CRM's copy of a signup). */
export async function deleteOutboxOfAddress(db: DbOrTx, email: string) {
  await db
    .delete(outboxMessages)
    .where(
      or(
        sql`${outboxMessages.payload}->>'to' = ${email}`,
        sql`${outboxMessages.payload}->>'email' = ${email}`,
        sql`${outboxMessages.payload}->'body'->>'email' = ${email}`,
      ),
    );
}

/** Every email to the address, whatever its state, newest first (the recipient index serves it). */
export async function listEmailsTo(db: DbOrTx, email: string, limit: number) {
  return db
    .select()
    .from(outboxMessages)
    .where(sql`${outboxMessages.payload}->>'to' = ${email}`)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(limit);
}

/** The address each of these messages went to, for those that were emails. */
export async function findOutboxRecipients(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: outboxMessages.id, to: sql<string | null>`${outboxMessages.payload}->>'to'` })
    .from(outboxMessages)
    .where(inArray(outboxMessages.id, ids));
  return new Map(rows.flatMap((row) => (row.to ? [[row.id, row.to] as const] : [])));
}
