import type { WaitlistTier } from '@common/waitlist';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One row per email (stored trimmed and lower-cased). A place is held from signup and kept once its
 * address is confirmed from the welcome email; a held place not confirmed by `lapsesAt` lapses (its
 * position goes, and everyone after it moves up). Positions of the places still held or kept are
 * 1-based and gap-free; the tier follows the position, which only ever moves up
 * (docs/decisions/062-waitlist-places-for-proven-addresses.md).
 */
export const waitlistSignups = pgTable(
  'waitlist_signups',
  {
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
    /**
     * The place's own referral link's code: 96 random bits, never the address
     * (docs/decisions/064-referrals.md). Given out only once the place is kept.
     */
    referralCode: text()
      .notNull()
      .unique()
      .default(
        sql`translate(encode(substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 1 for 6), 'base64'), '+/', '-_')`,
      ),
    /**
     * The address as one mailbox: without a `+tag`, and for Gmail without dots, so `a.b+1@gmail.com` and
     * `ab@googlemail.com` are one person's.
     */
    mailbox: text()
      .notNull()
      .generatedAlwaysAs(
        sql`CASE WHEN split_part(email, '@', 2) IN ('gmail.com', 'googlemail.com')
        THEN replace(regexp_replace(split_part(email, '@', 1), '[+].*$', ''), '.', '') || '@gmail.com'
        ELSE regexp_replace(split_part(email, '@', 1), '[+].*$', '') || '@' || split_part(email, '@', 2) END`,
      ),
    /** The signup's network (its /24 or /48), keyed under the session secret: never the address itself. */
    network: text(),
    /** What looked wrong at signup: `disposable`, `alias`, `network-burst`, `burst` (for operators). */
    flags: text().array().notNull().default(sql`'{}'::text[]`),
    /** The kept place whose referral link this signup came through. */
    referredBy: uuid().references((): AnyPgColumn => waitlistSignups.id, { onDelete: 'set null' }),
    /** Whether the referral counted for its referrer, once this place was kept: `counted` or `void`. */
    referralStatus: text().$type<'counted' | 'void'>(),
    /** Why a referral counted for nothing, in words an operator reads. */
    referralVoidReason: text(),
    /** How many places the referral moved its referrer up (given back if it is voided). */
    referralMoved: smallint().notNull().default(0),
    /** When an operator set the place aside for review: it holds no position until it is released. */
    quarantinedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('waitlist_signups_mailbox').on(table.mailbox),
    index('waitlist_signups_network_created').on(table.network, table.createdAt),
    index('waitlist_signups_created').on(table.createdAt),
    index('waitlist_signups_referred_by').on(table.referredBy),
  ],
);

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
