import { desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema/auth';

/*
 * What other features read or write of `users`, each through a typed function (public.ts): the table
 * itself stays with auth.
 */

/** An account as the console lists it. */
export type AccountSummary = {
  id: string;
  email: string;
  firstName: string;
  emailVerified: boolean;
  createdAt: Date;
};

const summaryColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  emailVerified: users.emailVerified,
  createdAt: users.createdAt,
};

export async function markOnboardingCompleted(db: DbOrTx, userId: string) {
  await db
    .update(users)
    .set({ onboardingCompleted: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Accounts whose address contains `text` (case does not matter), newest first. */
export async function findAccountsByEmail(db: Db, text: string, limit: number): Promise<AccountSummary[]> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return db
    .select(summaryColumns)
    .from(users)
    .where(ilike(users.email, pattern))
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** The account with exactly this address (addresses are kept in lower case), or null. */
export async function findAccountByEmail(db: DbOrTx, email: string): Promise<AccountSummary | null> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function findAccountSummary(db: DbOrTx, userId: string): Promise<AccountSummary | null> {
  const [row] = await db.select(summaryColumns).from(users).where(eq(users.id, userId));
  return row ?? null;
}

/** The account's row, locked until the transaction ends (changes to what it holds take turns); false when there is none. */
export async function lockAccount(tx: Tx, userId: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  return Boolean(row);
}

/** How many accounts have finished onboarding and how many have not. */
export async function countAccountsByOnboarding(db: Db) {
  return db
    .select({ onboardingCompleted: users.onboardingCompleted, total: sql<number>`count(*)::int` })
    .from(users)
    .groupBy(users.onboardingCompleted);
}

export async function listNewestAccounts(db: Db, limit: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      onboardingCompleted: users.onboardingCompleted,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(desc(users.createdAt))
    .limit(limit);
}

/** The addresses of these accounts, by id (an account deleted meanwhile is missing). */
export async function findAddressesOf(db: DbOrTx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

/**
 * What billing needs of auth to work an account's plan out: that the account exists, and its address
 * once proven (a waitlist place counts only then). The paid plan is billing's own (decision 054).
 */
export type PlanFacts = { id: string; provenAddress: string | null };

/** The plan facts of these accounts (an account deleted meanwhile is missing). */
export async function findPlanFacts(db: DbOrTx, userIds: readonly string[]): Promise<PlanFacts[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id, email: users.email, emailVerified: users.emailVerified })
    .from(users)
    .where(sql`${users.id} = ANY(${sql.param([...userIds])}::text[])`);
  return rows.map((row) => ({ id: row.id, provenAddress: row.emailVerified ? row.email : null }));
}
