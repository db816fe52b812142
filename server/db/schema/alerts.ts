import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    readAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId, table.createdAt)],
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

/** Where the scan stopped for each creator: only creators with newer data are scanned again. */
export const alertScans = pgTable('alert_scans', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  scannedAt: timestamp({ withTimezone: true }).notNull().default(sql`now()`),
});

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
