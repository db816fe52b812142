import type { SubscriptionStatus } from '@common/billing';
import type { PlanId } from '@common/plans';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { waitlistSignups } from './waitlist';

/**
 * A creator's side of Stripe: their customer (one per user, reused for every payment), the subscription
 * that decides their plan, and whether they bought The Blueprint. `users.plan` is derived from this row
 * whenever a signed webhook changes it (docs/decisions/021-plans-and-payments-with-stripe.md).
 */
export const billingCustomers = pgTable('billing_customers', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  stripeCustomerId: text().notNull().unique(),
  /** The subscription that decides the plan: the live one, else the latest one started. */
  subscriptionId: text(),
  subscriptionPlan: text().$type<Exclude<PlanId, 'blueprint'>>(),
  subscriptionStatus: text().$type<SubscriptionStatus>(),
  currentPeriodEnd: timestamp({ withTimezone: true }),
  /**
   * The Stripe time (seconds) of the state stored above: an event older than it, delivered late,
   * does not overwrite it.
   */
  subscriptionStateAt: bigint({ mode: 'number' }),
  blueprintPaidAt: timestamp({ withTimezone: true }),
  blueprintPaymentIntentId: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Every verified webhook event, stored as it is processed: the primary key makes processing happen once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  /** Stripe's creation time of the event, in seconds. */
  stripeCreatedAt: bigint({ mode: 'number' }).notNull(),
  processedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Checkout Sessions opened for a £5 lifetime place. An open one is handed out again instead of a new
 * one, so two clicks on the emailed link cannot become two payments.
 */
export const lifetimePlaceCheckouts = pgTable(
  'lifetime_place_checkouts',
  {
    stripeSessionId: text().primaryKey(),
    signupId: uuid()
      .notNull()
      .references(() => waitlistSignups.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Set when Stripe reports the session paid. */
    completedAt: timestamp({ withTimezone: true }),
    /** Set when this session paid for a place that another session had already paid for. */
    refundedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.signupId)],
);
