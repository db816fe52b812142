import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { accounts, sessions, users, verifications } from '../../db/schema/auth';

/** The "This wasn't me" link works this long; the sign-up email's own link works a day. */
const NOT_ME_DAYS = 30;
const NOT_ME_PREFIX = 'not-me:';

/** Kept with the token: what the sign-up email says about the account's making. */
export type NotMeDetails = {
  userId: string;
  createdAt: string;
  ipAddress: string | null;
  device: string | null;
};

export async function findNotMeToken(db: DbOrTx, userId: string, now: Date) {
  const [row] = await db
    .select({ identifier: verifications.identifier, value: verifications.value })
    .from(verifications)
    .where(
      and(
        like(verifications.identifier, `${NOT_ME_PREFIX}%`),
        sql`${verifications.value}::jsonb ->> 'userId' = ${userId}`,
        gt(verifications.expiresAt, now),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { token: row.identifier.slice(NOT_ME_PREFIX.length), ...(JSON.parse(row.value) as NotMeDetails) };
}

export async function createNotMeToken(db: DbOrTx, details: NotMeDetails, now: Date) {
  const token = randomBytes(24).toString('base64url');
  const stored: NotMeDetails = {
    userId: details.userId,
    createdAt: details.createdAt,
    ipAddress: details.ipAddress,
    device: details.device,
  };
  await db.insert(verifications).values({
    id: randomBytes(16).toString('hex'),
    identifier: `${NOT_ME_PREFIX}${token}`,
    value: JSON.stringify(stored),
    expiresAt: new Date(now.getTime() + NOT_ME_DAYS * 24 * 60 * 60 * 1000),
  });
  return { token, ...stored };
}

export async function readNotMeToken(db: DbOrTx, token: string, now: Date): Promise<NotMeDetails | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `${NOT_ME_PREFIX}${token}`), gt(verifications.expiresAt, now)));
  return row ? (JSON.parse(row.value) as NotMeDetails) : null;
}

export async function deleteNotMeToken(db: DbOrTx, token: string) {
  await db.delete(verifications).where(eq(verifications.identifier, `${NOT_ME_PREFIX}${token}`));
}

export async function findAccountForNotMe(db: DbOrTx, userId: string) {
  const [user] = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return user ?? null;
}

export async function deleteUser(db: DbOrTx, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}

/**
 * Signs every device out and removes every way into the account but the inbox: the password, whoever set
 * it and whenever, and any sign-in method linked to it. A password changed by whoever made the account
 * is as much theirs as the one they chose at sign-up, so no password is spared. Answers whether a
 * password was among them, so the owner can be told how to set one.
 */
export async function removeEveryWayIn(db: DbOrTx, userId: string): Promise<boolean> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  const removed = await db
    .delete(accounts)
    .where(eq(accounts.userId, userId))
    .returning({ providerId: accounts.providerId });
  return removed.some((account) => account.providerId === 'credential');
}

/**
 * Spends every unused password-reset link of the account (Better Auth keeps each as
 * `reset-password:<token>` with the user id as its value), so one reset leaves no older link working.
 */
export async function spendResetLinks(db: DbOrTx, userId: string) {
  await db
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId)));
}

/** Records that a sign-in link removed the password; the address, for the email that says so. */
export async function markPasswordRemoved(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ passwordRemovedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ email: users.email });
  return row?.email ?? null;
}

export async function dismissPasswordRemoved(db: Db, userId: string) {
  await db.update(users).set({ passwordRemovedAt: null }).where(eq(users.id, userId));
}

/** A reset link proved the address: sign-in methods linked before that proof go, as a sign-in link does. */
export async function proveAddressByReset(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(accounts).where(and(eq(accounts.userId, userId), ne(accounts.providerId, 'credential')));
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
  });
}

/**
 * The address an unused sign-in link signs in as: Better Auth keeps each as `magic-link:<token>` with
 * `{ email, name }` as its value. Null for a token that is not one, or has lapsed.
 */
export async function findSignInLinkAddress(db: Db, token: string): Promise<string | null> {
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, `magic-link:${token}`), gt(verifications.expiresAt, sql`now()`)));
  if (!row) return null;
  try {
    const { email } = JSON.parse(row.value) as { email?: unknown };
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}

export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.updatedAt));
}

/** Ends every session of the user but `keepId`; how many ended. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string) {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function hasPassword(db: Db, userId: string) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
  return Boolean(row);
}

export async function isEmailVerified(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db
    .select({ emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(user?.emailVerified);
}
