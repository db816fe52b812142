import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every limit the app counts (requests per client address and route, Better Auth's sign-in limits,
 * emails of one kind to one address), one row per key and window, so that every app instance on this
 * database counts the same hits (decision 063). A hit is one statement (`countHit`); a row whose window
 * has ended starts again at 1, and lapsed rows are swept. A key names what it limits in the clear and
 * whom it counts (client address, account, email address) only as a hash (`limitKey`).
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    /** `http:<method> <route>:<hash>`, `auth:<path>:<hash>` (Better Auth's) or `email:<template>:<hash>`. */
    key: text().primaryKey(),
    hits: integer().notNull(),
    /** When this window ends, from the app's clock; the next hit after it starts a new one. */
    endsAt: timestamp({ withTimezone: true }).notNull(),
  },
  // The sweep finds lapsed windows by their end.
  (table) => [index().on(table.endsAt)],
);
