import { sql } from 'drizzle-orm';
import { check, date, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The European Central Bank's euro reference rates (decision 047): for each day the ECB published, how
 * many units of each currency one euro bought. The rate is kept exactly as published (NUMERIC with no
 * scale keeps "0.86408" and "163.71" digit for digit); the euro itself is 1 and has no rows.
 */
export const fxRates = pgTable(
  'fx_rates',
  {
    currency: text().notNull(),
    day: date().notNull(),
    ratePerEuro: numeric().notNull(),
    storedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Serves "the last rate on or before a date" for one currency, read backwards.
    primaryKey({ columns: [table.currency, table.day] }),
    check('fx_rates_currency_code', sql`${table.currency} ~ '^[A-Z]{3}$' AND ${table.currency} <> 'EUR'`),
    check('fx_rates_rate_positive', sql`${table.ratePerEuro} > 0`),
  ],
);
