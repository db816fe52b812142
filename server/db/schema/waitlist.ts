import type { WaitlistTier } from '@common/waitlist';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per email (stored trimmed and lower-cased). Positions are 1-based and gap-free; the tier is
 * stored as promised at signup, so a later change of the rules never changes what someone was told.
 */
export const waitlistSignups = pgTable('waitlist_signups', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  position: integer().notNull().unique(),
  tier: text().$type<WaitlistTier>().notNull(),
  signupSource: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When the £5 for a lifetime place arrived (set by the Stripe webhook; lifetime_paid only). */
  paidAt: timestamp({ withTimezone: true }),
  /** When the £5 payment link was last emailed again (the first goes out at signup). */
  paymentLinkSentAt: timestamp({ withTimezone: true }),
});

/**
 * A single row holding the number of signups. Signups are only written under its row lock, which
 * hands out positions across every app instance (docs/decisions/007-waitlist-positions-and-counters.md).
 */
export const waitlistCounter = pgTable(
  'waitlist_counter',
  {
    id: smallint().primaryKey(),
    total: integer().notNull(),
  },
  (table) => [check('waitlist_counter_single_row', sql`${table.id} = 1`)],
);
