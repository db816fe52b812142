// What this feature holds about one account, for its owner's data export (account feature, decision 022).
import { and, eq, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { withoutColumns } from '../../db/rows';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';

/** The account itself, its sign-in methods and its sessions; null when there is no such account. */
export async function exportAuthData(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [signInMethods, openSessions] = await Promise.all([
    db
      .select({ providerId: accounts.providerId, scope: accounts.scope, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.updatedAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
  ]);
  return {
    user,
    profile: withoutColumns(user, ['updatedAt', 'passwordRemovedAt']),
    signInMethods,
    sessions: openSessions,
  };
}

/**
 * Erases the account: its reset and "This wasn't me" links (they name it by id), then the user row,
 * whose sessions, sign-in methods and every feature's rows follow by cascade. False when it was gone.
 */
export async function deleteUserAccount(tx: Tx, userId: string): Promise<boolean> {
  await tx
    .delete(verifications)
    .where(
      or(
        and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)),
        and(
          like(verifications.identifier, 'not-me:%'),
          sql`${verifications.value}::jsonb ->> 'userId' = ${userId}`,
        ),
      ),
    );
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}

/** Pending sign-in links sent to the address: they keep it in their JSON value, compared whole. */
export async function deleteSignInLinksTo(tx: Tx, email: string) {
  await tx
    .delete(verifications)
    .where(
      or(
        eq(verifications.identifier, email),
        sql`CASE WHEN ${verifications.value} LIKE '{%' THEN (${verifications.value}::jsonb ->> 'email') = ${email} ELSE false END`,
      ),
    );
}

export async function writeProfile(
  db: Db,
  userId: string,
  profile: { firstName?: string; profileImageUrl?: string | null },
) {
  await db
    .update(users)
    .set({ ...profile, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
