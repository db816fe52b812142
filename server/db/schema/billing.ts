import type { SubscriptionStatus } from '@common/billing';
import type { PlanId } from '@common/plans';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { waitlistSignups } from './waitlist';

/**
 * A creator's side of Stripe: their customer (one per user, reused for every payment), the subscription
 * that decides their plan, and whether they bought The Blueprint. `account_plans` is derived from this
 * row whenever a signed webhook changes it (docs/decisions/021-plans-and-payments-with-stripe.md).
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
  /** Cancelled in the customer portal: the plan stays until `currentPeriodEnd`, then goes. */
  cancelAtPeriodEnd: boolean().notNull().default(false),
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

/**
 * The plan an account has paid for, as the signed webhook last worked it out from `billing_customers`:
 * a row only while one is held, so no row is no paid plan. What an account has in the end also counts a
 * lifetime place and a complimentary grant (decision 024); the webhook is the only writer (decision 054).
 */
export const accountPlans = pgTable('account_plans', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text().$type<PlanId>().notNull(),
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

/**
 * A payment being started at Stripe, one row per creator and plan. Two clicks at once find the same
 * row, so they send the same idempotency key and Stripe answers both with one object; nothing is held
 * locked while Stripe answers. `attemptId` changes when the object it made can no longer be paid.
 */
export const pendingPayments = pgTable(
  'pending_payments',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text().$type<PlanId>().notNull(),
    attemptId: uuid().notNull().defaultRandom(),
    /** The PaymentIntent (The Blueprint) or subscription Stripe made for this attempt, once known. */
    stripeObjectId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.plan] })],
);

/**
 * An operator's complimentary plan for an account (never in place of a paid or lifetime one). The
 * reason is kept here and in the audit log.
 */
export const planGrants = pgTable('plan_grants', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text().$type<PlanId>().notNull(),
  reason: text().notNull(),
  grantedBy: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
