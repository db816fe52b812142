import type { WaitlistTier } from '@common/waitlist';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per email (stored trimmed and lower-cased). A place is held from signup and kept once its
 * address is confirmed from the welcome email; a held place not confirmed by `lapsesAt` lapses (its
 * position goes, and everyone after it moves up). Positions of the places still held or kept are
 * 1-based and gap-free; the tier follows the position, which only ever moves up
 * (docs/decisions/062-waitlist-places-for-proven-addresses.md).
 */
export const waitlistSignups = pgTable('waitlist_signups', {
  id: uuid().primaryKey().defaultRandom(),
  email: text().notNull().unique(),
  /** Null once the place has lapsed. */
  position: integer().unique(),
  tier: text().$type<WaitlistTier>().notNull(),
  /** When the address was confirmed from the welcome email (or proven otherwise): the place is kept. */
  confirmedAt: timestamp({ withTimezone: true }),
  /** A held place lapses at this moment unless confirmed first; null once confirmed or lapsed. */
  lapsesAt: timestamp({ withTimezone: true }),
  /** When a held place lapsed: it holds no position, and signing up again starts a new one. */
  lapsedAt: timestamp({ withTimezone: true }),
  signupSource: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  /** When the £5 for a lifetime place arrived (set by the Stripe webhook; lifetime_paid only). */
  paidAt: timestamp({ withTimezone: true }),
  /** When the £5 payment link was last emailed again (the first goes out at signup). */
  paymentLinkSentAt: timestamp({ withTimezone: true }),
});

/**
 * A single row holding the number of places held or kept (the last position), and how many are kept
 * (confirmed) in each tier: the public counters. Places are only written under its row lock, which
 * hands out and moves positions across every app instance
 * (docs/decisions/007-waitlist-positions-and-counters.md).
 */
export const waitlistCounter = pgTable(
  'waitlist_counter',
  {
    id: smallint().primaryKey(),
    total: integer().notNull(),
    confirmedFree: integer().notNull().default(0),
    confirmedLifetime: integer().notNull().default(0),
    confirmedTotal: integer().notNull().default(0),
    /** Moves on with every change: of two notifications, the one with the larger revision is newer. */
    revision: integer().notNull().default(0),
  },
  (table) => [check('waitlist_counter_single_row', sql`${table.id} = 1`)],
);
