import type { ConnectablePlatform } from '@common/platforms';
import type { ShiftStatus } from '@common/shifts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { alertBulletins } from './alerts';

/**
 * A fall most of a platform's connected creators share over the same days (decision 050). Aggregates
 * only: no creator is named in it, and none is recorded for fewer than 20 creators. One open row per
 * platform: each run that still finds the fall updates it; a run that does not closes it, and the same
 * fall found again (its days touching the last ones seen) opens the same row again.
 */
export const platformShifts = pgTable(
  'platform_shifts',
  {
    id: uuid().primaryKey().defaultRandom(),
    platform: text().$type<ConnectablePlatform>().notNull(),
    /** The first day of the fall: from it on, the cohort's median day stayed a third or more down. */
    startedOn: date().notNull(),
    /** The days compared at the latest run that found it: recent against usual. */
    recentFrom: date().notNull(),
    recentTo: date().notNull(),
    baselineFrom: date().notNull(),
    baselineTo: date().notNull(),
    cohortSize: integer().notNull(),
    fellCount: integer().notNull(),
    /** The cohort's median of recent ÷ usual, minus one (−0.42: 42% down). */
    medianChange: doublePrecision().notNull(),
    status: text().$type<ShiftStatus>().notNull().default('detected'),
    isOpen: boolean().notNull().default(true),
    bulletinId: uuid().references(() => alertBulletins.id, { onDelete: 'set null' }),
    detectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('platform_shifts_status_known', sql`${table.status} IN ('detected', 'published', 'dismissed')`),
    check('platform_shifts_cohort_large_enough', sql`${table.cohortSize} >= 20`),
    uniqueIndex('platform_shifts_one_open_per_platform').on(table.platform).where(sql`${table.isOpen}`),
    index().on(table.platform, table.recentTo),
  ],
);

/**
 * The cohort's median day on each recent day, against each creator's usual level, as the latest run
 * measured it: what lets an alert say the platform's other creators held steady. Kept only for days
 * with at least 20 creators; no creator's own figure is in it.
 */
export const platformCohortDays = pgTable(
  'platform_cohort_days',
  {
    platform: text().$type<ConnectablePlatform>().notNull(),
    day: date().notNull(),
    creators: integer().notNull(),
    /** The median of each creator's views that day ÷ their usual day. */
    medianRatio: doublePrecision().notNull(),
    measuredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.platform, table.day] }),
    check('platform_cohort_days_large_enough', sql`${table.creators} >= 20`),
  ],
);
