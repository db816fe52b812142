import { FORMER_SOURCE_NAMES, REVENUE_SOURCES } from '@common/revenue';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

const STORED_SOURCES = [...REVENUE_SOURCES, ...Object.keys(FORMER_SOURCE_NAMES)];

/**
 * One amount of income a creator received. Money is NUMERIC(12,2): exact pounds and pence, read and
 * written as decimal strings, never floats. `date` is a calendar date with no time zone. `amount` is
 * always the value in pounds, what every total sums; income paid in another currency also keeps what was
 * paid and the ECB rate that valued it (decision 047).
 */
export const revenueEntries = pgTable(
  'revenue_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text().$type<(typeof REVENUE_SOURCES)[number]>().notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    description: text(),
    /**
     * Who paid, as the creator names it or the file says (an agency, a brand, a customer): read by the
     * health check's concentration by payer. Null where not said.
     */
    payer: text(),
    date: date().notNull(),
    /** ISO 4217 code of what was paid; pounds have no paid amount and no rate. */
    currency: text().notNull().default('GBP'),
    paidAmount: numeric({ precision: 12, scale: 2 }),
    /** Pounds for one unit of `currency`, through the euro, from the ECB's rates of `rateDate`. */
    rate: numeric({ precision: 14, scale: 6 }),
    rateDate: date(),
    /** Dated after the newest rates known when valued: valued again when its day's rates arrive. */
    rateProvisional: boolean().notNull().default(false),
    /**
     * The transaction's own id in the export it was imported from, named by the export
     * ("gumroad:aB3x=="), so a sale is one entry however many sales share its price and day.
     */
    transactionId: text(),
    /**
     * For money that reached the creator after the service's fees: what the buyer paid and the fees,
     * in the currency paid (`amount`, or `paid_amount`, is what was left).
     */
    grossAmount: numeric({ precision: 12, scale: 2 }),
    feeAmount: numeric({ precision: 12, scale: 2 }),
    /**
     * Where the entry came from: typed (or imported) by the creator, or YouTube's estimated revenue for
     * one month, written by the platform sync and replaced when YouTube revises it.
     */
    origin: text().$type<'typed' | 'youtube'>().notNull().default('typed'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves the newest-first list (read backwards, id breaking ties within one import) and the
    // per-user aggregates.
    index().on(table.userId, table.date, table.createdAt, table.id),
    // The history table filtered by source, newest first; with the amount in it, a filter's totals are
    // summed from the index alone (and, by skip scan, a month's too).
    index('revenue_entries_user_source_date_idx').on(
      table.userId,
      table.source,
      table.date,
      table.createdAt,
      table.id,
      table.amount,
    ),
    // The service validates first; these keep bad rows out whatever writes to the table.
    check('revenue_entries_amount_range', sql`${table.amount} >= 0 AND ${table.amount} <= 10000000`),
    check(
      'revenue_entries_paid_complete',
      sql`(${table.currency} = 'GBP' AND ${table.paidAmount} IS NULL AND ${table.rate} IS NULL AND ${table.rateDate} IS NULL AND NOT ${table.rateProvisional})
        OR (${table.currency} ~ '^[A-Z]{3}$' AND ${table.currency} <> 'GBP' AND ${table.paidAmount} >= 0 AND ${table.rate} > 0 AND ${table.rateDate} IS NOT NULL)`,
    ),
    // The entries the rates job values again when new days arrive: few, found without a scan.
    index('revenue_entries_provisional_idx').on(table.date).where(sql`${table.rateProvisional}`),
    check(
      'revenue_entries_fees_complete',
      sql`(${table.grossAmount} IS NULL) = (${table.feeAmount} IS NULL) AND (${table.feeAmount} IS NULL OR (${table.feeAmount} >= 0 AND ${table.grossAmount} >= ${table.feeAmount}))`,
    ),
    check('revenue_entries_origin_known', sql`${table.origin} IN ('typed', 'youtube')`),
    // Former names stay allowed here because the migration that renames them runs after this check is
    // replaced; a trigger (migration 0016, custom part) stores any later write of one as its successor.
    check(
      'revenue_entries_source_known',
      sql.raw(`source IN (${STORED_SOURCES.map((source) => `'${source}'`).join(', ')})`),
    ),
  ],
);
