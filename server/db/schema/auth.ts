import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Accounts and sessions, in the shape Better Auth expects (its `name` and `image` are mapped to our
 * `firstName` and `profileImageUrl`). Every other feature's rows reference `users.id`.
 */
export const users = pgTable('users', {
  id: text().primaryKey(),
  email: text().notNull().unique(),
  emailVerified: boolean().notNull().default(false),
  firstName: text().notNull().default(''),
  profileImageUrl: text(),
  onboardingCompleted: boolean().notNull().default(false),
  /**
   * Set when a sign-in link proved the address of an account whose password had been chosen before any
   * proof (so the link removed it); the app shows how to set a new one until the creator dismisses it.
   */
  passwordRemovedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text().primaryKey(),
    token: text().notNull().unique(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    /**
     * How the session itself proved the address: 'email-link' (a sign-in or verification link) or 'sso'
     * (single sign-on asserting a verified email); null for a password. The console needs one of the first
     * two (decision 030).
     */
    proof: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text().primaryKey(),
    accountId: text().notNull(),
    providerId: text().notNull(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text(),
    refreshToken: text(),
    idToken: text(),
    accessTokenExpiresAt: timestamp({ withTimezone: true }),
    refreshTokenExpiresAt: timestamp({ withTimezone: true }),
    scope: text(),
    /** The password hash, for email-and-password accounts. */
    password: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.userId)],
);

/** One-time values: magic-link tokens, OAuth state. */
export const verifications = pgTable(
  'verifications',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.identifier)],
);
