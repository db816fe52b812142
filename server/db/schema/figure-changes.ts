import { bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A creator's revenue or platform figures changed: written in the writer's transaction by whichever
 * feature wrote them (`noteFigureChange`), taken by the alert scan's planner, which marks the creator
 * due (decision 051). A queue of notes, not a record: rows live until the next planner run.
 */
export const figureChanges = pgTable(
  'figure_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The creator's own data (a typed or imported entry, a figure read from her screenshot), scanned
     * within minutes on every plan; synced figures wait for the daily scan on plans without real-time
     * alerts (decision 043).
     */
    isOwn: boolean().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  // The alerts card asks whether one creator has changes waiting (every `GET /api/alerts`), and an
  // account's deletion removes its notes: both by creator, while up to a cycle's notes wait here.
  (table) => [index().on(table.userId)],
);
