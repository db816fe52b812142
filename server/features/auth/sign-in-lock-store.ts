import { randomBytes } from 'node:crypto';
import { and, eq, gt, like, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, verifications } from '../../db/schema/auth';

/*
 * Failed password sign-ins per address, kept as a row of Better Auth's `verifications` table (this
 * feature's own): `sign-in-failures:<key>`, the count as its value, and the moment the count lapses (the
 * last failure plus the lock's length) as its expiry. The key is a keyed hash of the address
 * (sign-in-lock.ts), so the row holds no address: anyone may type one, a deleted account's included.
 * Better Auth's rate-limit table would not do: the library prunes it to its longest window, a minute.
 */

export const FAILURES_PREFIX = 'sign-in-failures:';

const identifierOf = (addressKey: string) => `${FAILURES_PREFIX}${addressKey}`;

/** Counts one more failure (a lapsed count starts again at 1); the count now. */
export async function countFailedSignIn(
  db: Db,
  addressKey: string,
  lapseMinutes: number,
  now: Date,
): Promise<number> {
  const identifier = identifierOf(addressKey);
  return db.transaction(async (tx) => {
    // Two first failures at once must not make two rows.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${identifier}))`);
    const expiresAt = new Date(now.getTime() + lapseMinutes * 60_000);
    const [updated] = await tx
      .update(verifications)
      .set({
        value: sql`(CASE WHEN ${verifications.expiresAt} > ${now.toISOString()}::timestamptz THEN ${verifications.value}::int + 1 ELSE 1 END)::text`,
        expiresAt,
        updatedAt: now,
      })
      .where(eq(verifications.identifier, identifier))
      .returning({ value: verifications.value });
    if (updated) return Number(updated.value);
    // A new count: lapsed ones, of any address, go (nothing else sweeps them, and most never lock).
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, `${FAILURES_PREFIX}%`), lt(verifications.expiresAt, now)));
    await tx.insert(verifications).values({
      id: randomBytes(16).toString('hex'),
      identifier,
      value: '1',
      expiresAt,
    });
    return 1;
  });
}

/** The failures counted for the address and not yet lapsed. */
export async function countedFailures(db: Db, addressKey: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifierOf(addressKey)), gt(verifications.expiresAt, now)));
  return row ? Number(row.value) : 0;
}

export async function forgetFailedSignIns(db: Db, addressKey: string) {
  await db.delete(verifications).where(eq(verifications.identifier, identifierOf(addressKey)));
}

/** Whether an account has this address (case aside): only an account's owner is told of a lock. */
export async function hasAccountWithAddress(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()));
  return Boolean(row);
}
