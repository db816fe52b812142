import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export type BlueprintStepRow = { week: number; title: string; description: string; tasks: string[] };

/**
 * A creator's 30-day plans. At most one is active per creator (the partial unique index makes a second
 * concurrent generate fail rather than create two); reaching 100% completes it.
 */
export const blueprints = pgTable(
  'blueprints',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    status: text().$type<'active' | 'completed'>().notNull().default('active'),
    progress: integer().notNull().default(0),
    /** Whole pounds: a projection, not an amount of money received. */
    projectedRevenueMin: integer().notNull(),
    projectedRevenueMax: integer().notNull(),
    /** What the projection rests on, in words (the creator's figures or answers, and the rates used). */
    projectionBasis: text().notNull().default(''),
    steps: jsonb().$type<BlueprintStepRow[]>().notNull(),
    /** Which wrote it: the built-in planner, or the configured model (falling back to the planner). */
    generatedBy: text().$type<'planner' | 'model'>().notNull(),
    /** Why the model's plan was not used, when a model is configured. */
    modelFallbackReason: text(),
    plays: text().array().notNull().default([]),
    /** Ticked tasks per week, as task indexes: `ticked[week - 1]`. Progress is their share of all tasks. */
    ticked: jsonb().$type<number[][]>().notNull().default([[], [], [], []]),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.userId, table.createdAt),
    uniqueIndex('blueprints_one_active_per_user').on(table.userId).where(sql`status = 'active'`),
    check('blueprints_progress_range', sql`${table.progress} BETWEEN 0 AND 100`),
    check('blueprints_status_known', sql`${table.status} IN ('active', 'completed')`),
  ],
);
