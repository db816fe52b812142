import type {
  FigurePeriod,
  ScreenshotMetric,
  ScreenshotPlatform,
  ScreenshotStatus,
} from '@common/screenshots';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * An analytics screenshot a creator uploaded: the re-encoded image lives in the upload storage,
 * and the figures read from it (or corrected by the creator) live here.
 */
export const screenshots = pgTable(
  'screenshots',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().$type<ScreenshotPlatform>().notNull(),
    /** The name the creator's file had, for showing back to them. */
    fileName: text().notNull(),
    /** `<user id>/<file>`: the file's name gives its storage key (screenshots feature, `screenshotKey`). */
    storedName: text().notNull(),
    mimeType: text().notNull(),
    bytes: integer().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    status: text().$type<ScreenshotStatus>().notNull().default('pending'),
    error: text(),
    metrics: jsonb().$type<ScreenshotMetric[]>().notNull().default([]),
    /** The first lines of text read from a screen that held no figures, to show what was seen. */
    seenLines: jsonb().$type<string[]>().notNull().default([]),
    /** The period its figures cover (`common/screenshot-fields.ts`): as the screen states it, or as the creator said. */
    period: text().$type<FigurePeriod>().notNull().default('unknown'),
    isPeriodGiven: boolean().notNull().default(false),
    /**
     * The period the screen itself states, kept when the creator says another, so that it can be chosen
     * again; null where the screen has not been read or states none.
     */
    readPeriod: text().$type<FigurePeriod>(),
    /**
     * SHA-256 of the file as the creator sent it: the same file sent again is the same screenshot, read
     * once. Null for screenshots kept before this was recorded.
     */
    sourceSha256: text(),
    /**
     * The layout it was read by (`youtube/studio.en`, server/features/screenshots/layouts/); null where
     * no layout was recognised and the general reader read it, or it has not been read.
     */
    layout: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    analysedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.userId, table.createdAt),
    uniqueIndex().on(table.userId, table.sourceSha256),
    check(
      'screenshots_status_known',
      sql`${table.status} IN ('pending', 'analysed', 'no_figures', 'failed')`,
    ),
    check('screenshots_platform_known', sql`${table.platform} IN ('instagram', 'youtube', 'tiktok')`),
  ],
);
