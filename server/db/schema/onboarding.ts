import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A creator's onboarding answers, one row per user, replaced when they answer again. Option values
 * are checked against common/onboarding.ts before they get here.
 */
export const onboardingAnswers = pgTable('onboarding_answers', {
  userId: text()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  platforms: text().array().notNull().default([]),
  primaryPlatform: text(),
  contentNiche: text(),
  audienceSize: text(),
  monthlyRevenue: text(),
  currentStreams: text().array().notNull().default([]),
  biggestChallenge: text(),
  goalTimeframe: text(),
  hasAnalytics: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
