import { type Fees, type Paid, POUNDS, type RevenueEntry, type RevenueSource } from '@common/revenue';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueEntries } from '../../db/schema/revenue';
import { withFigureChange } from '../../jobs/figure-changes';

export type NewRevenueEntry = {
  source: RevenueSource;
  /** In pounds: the value of `paid` when it was paid in another currency. */
  amount: string;
  description: string | null;
  /** Who paid, where named. */
  payer?: string | null | undefined;
  date: string;
  paid?: Paid | null | undefined;
  /** What the buyer paid and the fees, in the currency paid, when `amount` is what was left. */
  fees?: Fees | null | undefined;
  /** The transaction's id in the export it came from, named by the export ("gumroad:aB3x=="). */
  transactionId?: string | null | undefined;
};

type Row = typeof revenueEntries.$inferSelect;

/** `paid` as the table's columns: pounds leave them empty. */
export function paidColumns(paid: Paid | null | undefined) {
  return {
    currency: paid?.currency ?? POUNDS,
    paidAmount: paid?.amount ?? null,
    rate: paid?.rate ?? null,
    rateDate: paid?.rateDate ?? null,
    rateProvisional: paid?.provisional ?? false,
  };
}

/** `fees` as the table's columns (the currency is the entry's). */
export function feeColumns(fees: Fees | null | undefined) {
  return { grossAmount: fees?.gross ?? null, feeAmount: fees?.fee ?? null };
}

function toEntry(row: Row): RevenueEntry {
  const entry: RevenueEntry = {
    id: row.id,
    source: row.source,
    amount: row.amount,
    description: row.description,
    payer: row.payer,
    date: row.date,
    origin: row.origin,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.currency !== POUNDS) {
    entry.paid = {
      amount: row.paidAmount!,
      currency: row.currency,
      rate: row.rate!,
      rateDate: row.rateDate!,
      provisional: row.rateProvisional,
    };
  }
  if (row.grossAmount !== null && row.feeAmount !== null) {
    entry.fees = { gross: row.grossAmount, fee: row.feeAmount, currency: row.currency };
  }
  return entry;
}

/** An entry's `paid` as JSON, or null for pounds (to merge into an entry built in SQL). */
export const PAID_JSON = sql`CASE WHEN currency <> 'GBP' THEN json_build_object(
  'amount', paid_amount::text, 'currency', currency, 'rate', rate::text, 'rateDate', rate_date::text,
  'provisional', rate_provisional) END`;

export const FEES_JSON = sql`CASE WHEN gross_amount IS NOT NULL THEN json_build_object(
  'gross', gross_amount::text, 'fee', fee_amount::text, 'currency', currency) END`;

/** Drops the `paid` key of entries in pounds, and `fees` where none were taken, as the answer's schema has it. */
export function withoutEmptyPaid<
  T extends { paid?: Paid | null | undefined; fees?: Fees | null | undefined },
>(rows: T[]): T[] {
  for (const row of rows) {
    if (row.paid == null) delete row.paid;
    if (row.fees == null) delete row.fees;
  }
  return rows;
}

/** Entries the creator typed or imported are her own data: scanned within minutes on every plan. */
const OWN = { isOwn: true };

const ownedBy = (userId: string, id: string) =>
  and(eq(revenueEntries.userId, userId), eq(revenueEntries.id, id));

/** Only an entry the creator typed is theirs to change: YouTube's figure is replaced by the sync. */
const typedAndOwnedBy = (userId: string, id: string) =>
  and(ownedBy(userId, id), eq(revenueEntries.origin, 'typed'));

/**
 * Inserts in chunks so a 5,000-row import stays under PostgreSQL's 65,535 bind parameters. Every write
 * of the creator's entries notes the change for the alert scan in the same transaction.
 */
export async function insertRevenueEntries(
  db: DbOrTx,
  userId: string,
  entries: NewRevenueEntry[],
  recordedAt: Date,
): Promise<RevenueEntry[]> {
  return withFigureChange(db, userId, OWN, async (tx) => {
    const saved: RevenueEntry[] = [];
    for (let start = 0; start < entries.length; start += 1000) {
      const chunk = entries.slice(start, start + 1000).map(({ paid, fees, ...entry }) => ({
        ...entry,
        ...paidColumns(paid),
        ...feeColumns(fees),
        userId,
        // When it was recorded is when its money is known to have arrived (arrivals.ts).
        createdAt: recordedAt,
        updatedAt: recordedAt,
      }));
      const rows = await tx.insert(revenueEntries).values(chunk).returning();
      saved.push(...rows.map(toEntry));
    }
    return saved;
  });
}

/**
 * What makes two entries the same one: the same transaction id where the export gave one, else the
 * same date, source, amount and description.
 */
export function entryKey(
  entry: Pick<NewRevenueEntry, 'date' | 'source' | 'amount' | 'description' | 'transactionId'>,
): string {
  if (entry.transactionId) return JSON.stringify(['transaction', entry.transactionId]);
  return JSON.stringify([entry.date, entry.source, entry.amount, entry.description ?? null]);
}

/**
 * How many entries the creator already has for each key, among entries dated from `from` to `to`
 * (the span of an import, so the lookup reads only the index range it needs).
 */
export async function countEntriesByKey(
  db: DbOrTx,
  userId: string,
  span: { from: string; to: string },
): Promise<Map<string, number>> {
  const rows = await db
    .select({
      date: revenueEntries.date,
      source: revenueEntries.source,
      amount: revenueEntries.amount,
      description: revenueEntries.description,
      transactionId: revenueEntries.transactionId,
      count: sql<number>`count(*)::int`,
    })
    .from(revenueEntries)
    .where(
      and(eq(revenueEntries.userId, userId), sql`${revenueEntries.date} between ${span.from} and ${span.to}`),
    )
    .groupBy(
      revenueEntries.date,
      revenueEntries.source,
      revenueEntries.amount,
      revenueEntries.description,
      revenueEntries.transactionId,
    );
  return new Map(rows.map((row) => [entryKey(row), row.count]));
}

/**
 * A page of entries, newest first (by date, then by when entered), in the answer's own shape straight
 * from PostgreSQL: every dashboard reads this list, and mapping each row through the ORM (column objects
 * per field) was the largest share of the request's CPU for a page of 100 (docs/benchmarks.md). The page
 * is cut before its fields are formatted, so a plan that sorts every entry (statistics not yet updated
 * after an import) formats 100 rows, not 10,000.
 */
export async function findRevenueEntries(
  db: DbOrTx,
  userId: string,
  page: { limit: number; offset: number },
): Promise<RevenueEntry[]> {
  const { rows } = await db.execute<RevenueEntry>(sql`
    SELECT id, source, amount::text AS amount, description, payer, date::text AS date, origin,
           to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
           ${PAID_JSON} AS paid, ${FEES_JSON} AS fees
    FROM (
      SELECT id, source, amount, description, payer, date, origin, created_at, currency, paid_amount, rate,
             rate_date, rate_provisional, gross_amount, fee_amount
      FROM ${revenueEntries}
      WHERE user_id = ${userId}
      ORDER BY date DESC, created_at DESC, id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}
    ) AS page
    ORDER BY page.date DESC, page.created_at DESC, page.id DESC`);
  return withoutEmptyPaid(rows);
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
  const { paid, fees, ...rest } = changes;
  const [row] = await withFigureChange(db, userId, OWN, (tx) =>
    tx
      .update(revenueEntries)
      .set({
        ...rest,
        ...(paid === undefined ? {} : paidColumns(paid)),
        ...(fees === undefined ? {} : feeColumns(fees)),
        updatedAt: sql`now()`,
      })
      .where(typedAndOwnedBy(userId, id))
      .returning(),
  );
  return row ? toEntry(row) : null;
}

export async function deleteRevenueEntry(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await withFigureChange(db, userId, OWN, (tx) =>
    tx.delete(revenueEntries).where(typedAndOwnedBy(userId, id)).returning({ id: revenueEntries.id }),
  );
  return rows.length > 0;
}

type SummaryRow = {
  total_amount: string;
  this_month_amount: string;
  stream_count: number;
  average_per_stream: string;
  entry_count: number;
  monthly: { month: string; amount: string }[];
  by_source: { source: RevenueSource; amount: string }[];
};

/**
 * Every figure of the revenue summary in one pass over the user's entries: they are first summed per
 * (month, source), a few hundred cells at most, and the totals, streams, months and sources are
 * worked out from those cells. Sums stay NUMERIC and leave as text with two decimals, so they are
 * exact whatever their size. `currentMonth` is 'YYYY-MM'.
 */
export async function summariseEntries(db: DbOrTx, userId: string, currentMonth: string) {
  const { rows } = await db.execute<SummaryRow>(sql`
    with cells as (
      select date_trunc('month', ${revenueEntries.date}::timestamp) as month_start,
             ${revenueEntries.source} as source,
             sum(${revenueEntries.amount}) as amount,
             count(*) as entries
      from ${revenueEntries}
      where ${revenueEntries.userId} = ${userId}
      group by 1, 2
    ),
    -- Every month from the first to the last, £0 where nothing came in, so the chart shows the gaps.
    months as (
      select to_char(series.month_start, 'YYYY-MM') as month, coalesce(sum(cells.amount), 0) as amount
      from generate_series(
        (select min(month_start) from cells), (select max(month_start) from cells), interval '1 month'
      ) as series(month_start)
      left join cells on cells.month_start = series.month_start
      group by series.month_start
    ),
    sources as (
      select source, sum(amount) as amount from cells group by source
    )
    select
      (select round(coalesce(sum(amount), 0), 2)::text from cells) as total_amount,
      (select round(coalesce(sum(amount), 0), 2)::text from months where month = ${currentMonth})
        as this_month_amount,
      (select count(*)::int from sources) as stream_count,
      (select round(coalesce(sum(amount) / nullif(count(*), 0), 0), 2)::text from sources)
        as average_per_stream,
      (select coalesce(sum(entries), 0)::int from cells) as entry_count,
      (select coalesce(json_agg(json_build_object('month', month, 'amount', round(amount, 2)::text)
        order by month), '[]') from months) as monthly,
      (select coalesce(json_agg(json_build_object('source', source, 'amount', round(amount, 2)::text)
        order by amount desc, source), '[]') from sources) as by_source
  `);
  const row = rows[0]!;
  return {
    totalAmount: row.total_amount,
    thisMonthAmount: row.this_month_amount,
    streamCount: row.stream_count,
    averagePerStream: row.average_per_stream,
    entryCount: row.entry_count,
    monthly: row.monthly,
    bySource: row.by_source,
  };
}
