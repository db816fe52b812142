import { REVENUE_SOURCES } from '@common/revenue';
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * What a creator told an import a name in their files means ("Ko-fi tips" → tips), so the next file
 * with the same name is read without asking. `name` is the name as the import compares it (trimmed,
 * lower case, runs of spaces as one).
 */
export const revenueSourceNames = pgTable(
  'revenue_source_names',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    source: text().$type<(typeof REVENUE_SOURCES)[number]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.name] }),
    check(
      'revenue_source_names_source_known',
      sql.raw(`source IN (${REVENUE_SOURCES.map((source) => `'${source}'`).join(', ')})`),
    ),
  ],
);
