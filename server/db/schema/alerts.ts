import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A creator's alerts, from every source (drops in their own numbers, health-check bands). `cause` names
 * what raised it; while a cause persists it raises nothing new (`alert_causes` remembers it).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    severity: text().$type<'critical' | 'high' | 'medium' | 'low'>().notNull(),
    platform: text().notNull(),
    title: text().notNull(),
    description: text().notNull(),
    impactDescription: text(),
    mitigationStrategy: text(),
    cause: text().notNull(),
    /**
     * Pence a month the fall costs (null for alerts that are not about money): lists order alerts by
     * severity, then by this (docs/scoring.md, "Severity and order").
     */
    atStakePence: bigint({ mode: 'number' }),
    /** For a fall: how far the figure fell, in whole percent (39 for "−39%"); null for other alerts. */
    fallPercent: integer(),
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.userId, table.createdAt),
    // The list: unread first however old, then read, each newest first (decision 034).
    index('alerts_user_unread_first').on(
      table.userId,
      sql`(${table.readAt} IS NOT NULL)`,
      table.createdAt.desc(),
      table.id.desc(),
    ),
  ],
);

/** Causes that are alerting now: a cause raises again only after it has cleared. */
export const alertCauses = pgTable(
  'alert_causes',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cause: text().notNull(),
    since: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('alert_causes_one_per_cause').on(table.userId, table.cause)],
);

/**
 * Each creator's place in the alert scan (decision 034). Triggers on `revenue_entries` and
 * `platform_metrics` add one to `changes` on every write, so a creator is due when `changes` passed
 * what the last scan saw (`scanned_changes`); the partial index holds only those, and the planner reads
 * nothing else. `queued_at` is a planner's claim (a batch job is on its way), `retry_at` keeps a creator
 * whose scan failed from being tried again at once.
 */
export const alertScans = pgTable(
  'alert_scans',
  {
    userId: text()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the last scan that finished started; null until the first. */
    scannedAt: timestamp({ withTimezone: true }),
    changes: bigint({ mode: 'number' }).notNull().default(1),
    changedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    scannedChanges: bigint({ mode: 'number' }).notNull().default(0),
    /**
     * `changes` as the creator's own last write left it (a typed or imported revenue entry, a figure read
     * from their screenshot); above `scannedChanges`, their own data waits for a scan, which every plan
     * gets within minutes. Synced figures do not move it.
     */
    ownChanges: bigint({ mode: 'number' }).notNull().default(0),
    queuedAt: timestamp({ withTimezone: true }),
    /**
     * When the creator's figures must be looked at again though nothing changed: the day a stream still
     * awaited becomes missing (its usual day and margin past), when a reminder is due.
     */
    recheckAt: timestamp({ withTimezone: true }),
    /** The instance (host:pid) that ran the last scan, finished or failed. */
    scannedBy: text(),
    /** Failed attempts since the last scan that finished, with the last error. */
    failures: integer().notNull().default(0),
    failedAt: timestamp({ withTimezone: true }),
    lastError: text(),
    retryAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('alert_scans_due').on(table.changedAt).where(sql`${table.changes} > ${table.scannedChanges}`),
    index('alert_scans_recheck').on(table.recheckAt).where(sql`${table.recheckAt} IS NOT NULL`),
  ],
);

/** An algorithm-change bulletin an operator published, and how many creators it reached. */
export const alertBulletins = pgTable('alert_bulletins', {
  id: uuid().primaryKey().defaultRandom(),
  platform: text().notNull(),
  severity: text().notNull(),
  title: text().notNull(),
  description: text().notNull(),
  impactDescription: text(),
  mitigationStrategy: text(),
  publishedBy: text().notNull(),
  recipients: integer().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
