import type { ConnectablePlatform } from '@common/platforms';
import type { FigureKind, FigurePeriod, FigureScope } from '@common/screenshots';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { screenshots } from './screenshots';

/**
 * A creator's account on a platform: connected through the platform's sign-in (verified, with its
 * tokens sealed by SESSION_SECRET) or a public handle linked by hand (unverified, no tokens). One per
 * platform per creator.
 */
export const platformConnections = pgTable(
  'platform_connections',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().$type<ConnectablePlatform>().notNull(),
    platformUserId: text().notNull(),
    platformUsername: text().notNull(),
    isActive: boolean().notNull().default(true),
    isVerified: boolean().notNull().default(false),
    accessToken: text(),
    refreshToken: text(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    /**
     * The scopes the creator granted, when the platform says (TikTok lets them untick some): only the
     * fields those scopes allow are asked for. Null: as asked.
     */
    grantedScopes: text().array(),
    followers: bigint({ mode: 'number' }),
    lastSyncedAt: timestamp({ withTimezone: true }),
    lastSyncError: text(),
    /**
     * The grant can no longer be used or renewed (refused token, failed refresh): the creator is asked
     * to reconnect. A throttled or failed read leaves it false: the connection waits and reads later.
     */
    needsReconnect: boolean().notNull().default(false),
    /** The last calendar day whose figures were read (the next sync starts a few days before it). */
    syncedThrough: date(),
    /** What the last sync read, as the creator reads it ("90 days of views, …"). */
    lastSyncRead: text(),
    /**
     * Each recent video's view count at the last read (TikTok, which has no daily history): the next
     * read's day of views is the sum of what each video gained since.
     */
    videoViews: jsonb().$type<Record<string, number>>(),
    /** Months ('YYYY-MM') where the creator kept their own YouTube Ads figure over YouTube's. */
    typedRevenueMonths: text().array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('platform_connections_one_per_platform').on(table.userId, table.platform),
    check(
      'platform_connections_platform_known',
      sql`${table.platform} IN ('youtube', 'instagram', 'tiktok')`,
    ),
  ],
);

/**
 * The one read a creator's account gets of a platform without a plan that brings the daily sync: the
 * connection it was given to. It outlives disconnecting, so authorising the platform again never
 * opens another read the plan does not include (decision 042).
 */
export const platformFirstReads = pgTable(
  'platform_first_reads',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().$type<ConnectablePlatform>().notNull(),
    connectionId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.platform] })],
);

/** An OAuth round trip in progress: its state, PKCE verifier and who started it (10 minutes). */
export const oauthStates = pgTable('oauth_states', {
  state: text().primaryKey(),
  userId: text()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  platform: text().$type<ConnectablePlatform>().notNull(),
  codeVerifier: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Figures about a creator's platforms over time, from the daily sync of a connection or read from an
 * analytics screenshot: what the health check and alerts compare. A screenshot's rows are replaced
 * when the creator corrects it, and go with it.
 */
export const platformMetrics = pgTable(
  'platform_metrics',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: text().$type<ConnectablePlatform>().notNull(),
    source: text().$type<'sync' | 'screenshot'>().notNull(),
    connectionId: uuid().references(() => platformConnections.id, { onDelete: 'set null' }),
    screenshotId: uuid().references(() => screenshots.id, { onDelete: 'cascade' }),
    metric: text().notNull(),
    value: doublePrecision().notNull(),
    /** For money: GBP, USD or EUR as shown. */
    currency: text(),
    /**
     * The calendar day a figure covers, for the per-day figures of an analytics API (views that day);
     * null for a reading of a running total (followers now). A revised day replaces its row.
     */
    day: date(),
    recordedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * What a screenshot's figure measures: the period its screen states (`unknown` where it does not
     * say, and for rows from before it was read), its length in days, a total or a change over the
     * period, and whose it is. Only figures alike in all of them are compared (alerts).
     */
    period: text().$type<FigurePeriod>().notNull().default('unknown'),
    periodDays: integer(),
    kind: text().$type<FigureKind>().notNull().default('total'),
    scope: text().$type<FigureScope>().notNull().default('account'),
    /**
     * The change its screen states beside a screenshot's figure against the period before, in percent
     * ("↓ 35%" is −35); null where it states none. Evidence of a fall in itself (alerts).
     */
    statedChange: doublePrecision(),
  },
  (table) => [
    check('platform_metrics_kind_known', sql`${table.kind} IN ('total', 'change', 'realtime')`),
    check('platform_metrics_scope_known', sql`${table.scope} IN ('account', 'post')`),
    index().on(table.userId, table.platform, table.recordedAt),
    index().on(table.screenshotId),
    uniqueIndex('platform_metrics_one_per_day')
      .on(table.connectionId, table.metric, table.day)
      .where(sql`${table.day} IS NOT NULL`),
  ],
);
