import type { HealthBasis, HealthFindings, HealthRecommendation } from '@common/health-check';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

/** What a run was computed from, kept beside its scores so a result can be explained later. */
export type HealthInputsSummary = {
  /** Pence per source over the income window (90 days before the run, for runs before it). */
  revenueBySource: Record<string, number>;
  platforms: string[];
  connectedPlatforms: string[];
  hasAnswers: boolean;
  /** The complete months the monthly income averaged ('YYYY-MM'); absent on older runs. */
  incomeWindow?: { firstMonth: string; lastMonth: string } | null;
};

/** Every health check run is kept (the history chart reads them); the newest is the current one. */
export const healthChecks = pgTable(
  'health_checks',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    overallScore: integer().notNull(),
    platformRiskScore: integer().notNull(),
    diversificationScore: integer().notNull(),
    engagementResilienceScore: integer().notNull(),
    algorithmDependency: integer().notNull(),
    recommendations: jsonb().$type<HealthRecommendation[]>().notNull(),
    basis: text().$type<HealthBasis>().notNull(),
    effectiveStreams: numeric({ precision: 4, scale: 1, mode: 'number' }).notNull(),
    largestPlatform: text(),
    incomeAtRiskPence: bigint({ mode: 'number' }).notNull(),
    monthlyRevenuePence: bigint({ mode: 'number' }).notNull(),
    inputs: jsonb().$type<HealthInputsSummary>().notNull(),
    /** What the books showed beside the scores; null on runs from before they were measured. */
    findings: jsonb().$type<HealthFindings>(),
    /** Identical inputs within a minute return the earlier run instead of a new one. */
    inputsHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index().on(table.userId, table.createdAt),
    check(
      'health_checks_scores_range',
      sql`${table.overallScore} BETWEEN 0 AND 100 AND ${table.platformRiskScore} BETWEEN 0 AND 100 AND ${table.diversificationScore} BETWEEN 0 AND 100 AND ${table.engagementResilienceScore} BETWEEN 0 AND 100 AND ${table.algorithmDependency} BETWEEN 0 AND 100`,
    ),
  ],
);
