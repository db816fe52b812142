import { monthOf } from '@common/calendar';
import {
  futureDateProblem,
  REVENUE_HISTORY_PAGE_SIZE,
  type RevenueEntry,
  type RevenueFilters,
  type RevenueHistory,
  type RevenueSummary,
} from '@common/revenue';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { csvRow } from '../../http/csv-download';
import { findFilteredEntries, findRevenueHistory } from './history-store';
import { findIncomeWindow, toMonthlyIncome } from './income-store';
import {
  deleteRevenueEntry as deleteRow,
  findRevenueEntries,
  findRevenueEntry,
  insertRevenueEntries,
  type NewRevenueEntry,
  summariseEntries,
  updateRevenueEntry as updateRow,
} from './store';

const ENTRY = 'That revenue entry';

/**
 * Why a change found no entry: YouTube's monthly figure follows YouTube (the write only touches typed
 * entries, in the same statement, so a sync replacing the entry meanwhile cannot slip through), or none.
 */
async function noEntryToChange(db: Db, userId: string, id: string): Promise<AppError> {
  const entry = await findRevenueEntry(db, userId, id);
  if (entry?.origin === 'youtube') {
    return new AppError(
      'CONFLICT',
      'This entry is YouTube’s estimated revenue for the month and follows YouTube’s figures, so it cannot be changed here. Disconnect YouTube to make it yours to edit.',
    );
  }
  return notFound(ENTRY);
}

/** Revenue is money already received: a date past tomorrow is refused, naming the field. */
function refuseFutureDate(date: string | undefined, today: string) {
  const problem = date ? futureDateProblem(date, today) : null;
  if (problem) throw new AppError('VALIDATION_ERROR', `date: ${problem}`, { date: problem });
}

/** `today` is the London calendar date the caller decided on; an undated entry gets it. */
export async function createRevenueEntry(
  db: Db,
  userId: string,
  input: Omit<NewRevenueEntry, 'date'> & { date?: string | undefined },
  today: string,
): Promise<RevenueEntry> {
  refuseFutureDate(input.date, today);
  const [entry] = await insertRevenueEntries(db, userId, [{ ...input, date: input.date ?? today }]);
  return entry!;
}

export function listRevenueEntries(db: Db, userId: string, page: { limit: number; offset: number }) {
  return findRevenueEntries(db, userId, page);
}

/** Another user's entry reads exactly like a missing one. */
export async function getRevenueEntry(db: Db, userId: string, id: string): Promise<RevenueEntry> {
  const entry = await findRevenueEntry(db, userId, id);
  if (!entry) throw notFound(ENTRY);
  return entry;
}

export async function updateRevenueEntry(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<NewRevenueEntry>,
  today: string,
): Promise<RevenueEntry> {
  refuseFutureDate(changes.date, today);
  const given = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(given).length === 0) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Nothing to change: send at least one of source, amount, description or date.',
    );
  }
  const entry = await updateRow(db, userId, id, given);
  if (!entry) throw await noEntryToChange(db, userId, id);
  return entry;
}

export async function deleteRevenueEntry(db: Db, userId: string, id: string): Promise<void> {
  if (!(await deleteRow(db, userId, id))) throw await noEntryToChange(db, userId, id);
}

/**
 * The revenue dashboard's figures, computed by PostgreSQL over every entry so the browser never
 * needs them all. "This month" is the month of `today` (a London date).
 */
export async function summariseRevenue(db: Db, userId: string, today: string): Promise<RevenueSummary> {
  const currentMonth = monthOf(today);
  const [entries, income] = await Promise.all([
    summariseEntries(db, userId, currentMonth),
    findIncomeWindow(db, userId, today),
  ]);
  return { ...entries, currentMonth, monthlyIncome: toMonthlyIncome(income) };
}

/** A page of the history table (newest first) with the totals of everything the filters match. */
export async function listRevenueHistory(
  db: Db,
  userId: string,
  query: RevenueFilters & { page: number },
): Promise<RevenueHistory> {
  const { page, ...filters } = query;
  const pageSize = REVENUE_HISTORY_PAGE_SIZE;
  const found = await findRevenueHistory(db, userId, filters, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { ...found, page, pageSize };
}

/**
 * What the history table shows, every page of it, as a CSV in the import's own columns (so it can be
 * imported again), with a file name that says what was filtered.
 */
export async function exportRevenueCsv(db: Db, userId: string, filters: RevenueFilters) {
  const entries = await findFilteredEntries(db, userId, filters);
  const lines = entries.map((entry) => csvRow([entry.date, entry.source, entry.amount, entry.description]));
  const name = ['ballast-revenue', filters.source, filters.month].filter(Boolean).join('-');
  return {
    fileName: `${name}.csv`,
    csv: csvRow(['date', 'source', 'amount', 'description']) + lines.join(''),
  };
}
