import type { RevenueEntry, RevenueSource } from '@common/revenue';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';

export type NewRevenueEntry = {
  source: RevenueSource;
  amount: string;
  description: string | null;
  date: string;
};

type Row = typeof revenueEntries.$inferSelect;

function toEntry(row: Row): RevenueEntry {
  return {
    id: row.id,
    source: row.source,
    amount: row.amount,
    description: row.description,
    date: row.date,
    createdAt: row.createdAt.toISOString(),
  };
}

const ownedBy = (userId: string, id: string) =>
  and(eq(revenueEntries.userId, userId), eq(revenueEntries.id, id));

/** Inserts in chunks so a 5,000-row import stays under PostgreSQL's 65,535 bind parameters. */
export async function insertRevenueEntries(
  db: DbOrTx,
  userId: string,
  entries: NewRevenueEntry[],
): Promise<RevenueEntry[]> {
  const saved: RevenueEntry[] = [];
  for (let start = 0; start < entries.length; start += 1000) {
    const chunk = entries.slice(start, start + 1000).map((entry) => ({ ...entry, userId }));
    const rows = await db.insert(revenueEntries).values(chunk).returning();
    saved.push(...rows.map(toEntry));
  }
  return saved;
}

/** Newest first: by date, then by when it was entered. */
export async function findRevenueEntries(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<RevenueEntry[]> {
  const rows = await db
    .select()
    .from(revenueEntries)
    .where(eq(revenueEntries.userId, userId))
    .orderBy(desc(revenueEntries.date), desc(revenueEntries.createdAt), desc(revenueEntries.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toEntry);
}

export async function findRevenueEntry(db: DbOrTx, userId: string, id: string): Promise<RevenueEntry | null> {
  const [row] = await db.select().from(revenueEntries).where(ownedBy(userId, id));
  return row ? toEntry(row) : null;
}

export async function updateRevenueEntry(
  db: DbOrTx,
  userId: string,
  id: string,
  changes: Partial<NewRevenueEntry>,
): Promise<RevenueEntry | null> {
  const [row] = await db
    .update(revenueEntries)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(ownedBy(userId, id))
    .returning();
  return row ? toEntry(row) : null;
}

export async function deleteRevenueEntry(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(revenueEntries)
    .where(ownedBy(userId, id))
    .returning({ id: revenueEntries.id });
  return rows.length > 0;
}

// Sums stay NUMERIC in SQL and leave as text with two decimals: exact, whatever the total.
const money = (expression: SQL) => sql<string>`round(coalesce(${expression}, 0), 2)::text`;

/** Totals over all of a user's entries, and over those dated in [monthStart, monthEnd). */
export async function sumRevenue(db: DbOrTx, userId: string, month: { start: string; end: string }) {
  const [row] = await db
    .select({
      totalAmount: money(sql`sum(${revenueEntries.amount})`),
      thisMonthAmount: money(
        sql`sum(${revenueEntries.amount}) filter (where ${revenueEntries.date} >= ${month.start} and ${revenueEntries.date} < ${month.end})`,
      ),
      streamCount: sql<number>`count(distinct ${revenueEntries.source})::int`,
      averagePerStream: money(
        sql`sum(${revenueEntries.amount}) / nullif(count(distinct ${revenueEntries.source}), 0)`,
      ),
      entryCount: sql<number>`count(*)::int`,
    })
    .from(revenueEntries)
    .where(eq(revenueEntries.userId, userId));
  return row!;
}

export async function sumRevenueByMonth(db: DbOrTx, userId: string) {
  const month = sql<string>`to_char(${revenueEntries.date}, 'YYYY-MM')`;
  return db
    .select({ month, amount: money(sql`sum(${revenueEntries.amount})`) })
    .from(revenueEntries)
    .where(eq(revenueEntries.userId, userId))
    .groupBy(month)
    .orderBy(asc(month));
}

export async function sumRevenueBySource(db: DbOrTx, userId: string) {
  const total = sql`sum(${revenueEntries.amount})`;
  return db
    .select({ source: revenueEntries.source, amount: money(total) })
    .from(revenueEntries)
    .where(eq(revenueEntries.userId, userId))
    .groupBy(revenueEntries.source)
    .orderBy(desc(total), asc(revenueEntries.source));
}
