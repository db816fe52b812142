import { formatMonthInWords, lastDayOf, londonDate, monthOf } from '@common/calendar';
import {
  futureDateProblem,
  POUNDS,
  parseAmount,
  REVENUE_HISTORY_PAGE_SIZE,
  type RevenueEntry,
  type RevenueFilters,
  type RevenueHistory,
  type RevenueSource,
  type RevenueSummary,
  sourceLabel,
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
import { countSourceEntriesInMonth } from './totals-store';
import { valuePayment } from './valuing';

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

/** The amount with two decimals, checked in its currency (the request's schema checked it already). */
function amountIn(text: string, currency: string): string {
  const result = parseAmount(text, currency);
  if ('problem' in result)
    throw new AppError('VALIDATION_ERROR', `amount: ${result.problem}`, { amount: result.problem });
  return result.amount;
}

/** Recorded at `now`; an undated entry gets its London date. */
export async function createRevenueEntry(
  db: Db,
  userId: string,
  input: Omit<NewRevenueEntry, 'date' | 'paid'> & {
    date?: string | undefined;
    currency?: string | undefined;
  },
  now: Date,
): Promise<RevenueEntry> {
  const today = londonDate(now);
  refuseFutureDate(input.date, today);
  const { currency = POUNDS, ...fields } = input;
  const date = input.date ?? today;
  const amount = amountIn(input.amount, currency);
  const valued = await valuePayment(db, { amount, currency, date });
  const [entry] = await insertRevenueEntries(db, userId, [{ ...fields, ...valued, date }], now);
  return entry!;
}

/** How a month the creator said brought nothing reads in their history. */
export const NOTHING_IN_MONTH = 'Nothing this month';

/**
 * The creator says a stream brought nothing in a complete month: a £0 entry dated its last day, so the
 * month is in (docs/scoring.md#when-a-month-is-in) and reads so in the history, deletable like any other.
 */
export async function recordNothingInMonth(
  db: Db,
  userId: string,
  { source, month }: { source: RevenueSource; month: string },
  now: Date,
): Promise<RevenueEntry> {
  if (month >= monthOf(londonDate(now))) {
    throw new AppError(
      'VALIDATION_ERROR',
      `month: ${formatMonthInWords(month)} has not ended yet: say it brought nothing once it has.`,
      { month: 'Choose a month that has ended.' },
    );
  }
  const recorded = await countSourceEntriesInMonth(db, userId, source, month);
  if (recorded > 0) {
    throw new AppError(
      'CONFLICT',
      `${sourceLabel(source)} already has ${recorded === 1 ? 'an entry' : `${recorded} entries`} in ${formatMonthInWords(month)}: it is recorded.`,
    );
  }
  const [entry] = await insertRevenueEntries(
    db,
    userId,
    [{ source, amount: '0.00', description: NOTHING_IN_MONTH, date: lastDayOf(month) }],
    now,
  );
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
  changes: Partial<Omit<NewRevenueEntry, 'paid'>> & { currency?: string | undefined },
  today: string,
): Promise<RevenueEntry> {
  refuseFutureDate(changes.date, today);
  const { currency, ...rest } = changes;
  const given: Partial<NewRevenueEntry> = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  );
  if (Object.keys(given).length === 0 && currency === undefined) {
    throw new AppError(
      'VALIDATION_ERROR',
      'Nothing to change: send at least one of source, amount, currency, description, payer or date.',
    );
  }
  // A new amount, currency or date is valued again, the fields not sent taken from the entry.
  if (given.amount !== undefined || given.date !== undefined || currency !== undefined) {
    const current = await findRevenueEntry(db, userId, id);
    if (!current) throw notFound(ENTRY);
    const paidIn = currency ?? current.paid?.currency ?? POUNDS;
    const payment = {
      amount:
        given.amount === undefined
          ? (current.paid?.amount ?? current.amount)
          : amountIn(given.amount, paidIn),
      currency: paidIn,
      date: given.date ?? current.date,
    };
    Object.assign(given, await valuePayment(db, payment));
    // A corrected amount is the creator's own figure: the export's sale and fees no longer add up to it.
    if (given.amount !== undefined || currency !== undefined) given.fees = null;
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
 * imported again), with a file name that says what was filtered. A service's transaction id goes with
 * its entry, so importing the download again adds nothing; the fees the screens show go too.
 */
export async function exportRevenueCsv(db: Db, userId: string, filters: RevenueFilters) {
  const entries = await findFilteredEntries(db, userId, filters);
  // The amount in pounds first, in the import's columns; what was paid and its rate after.
  const lines = entries.map((entry) =>
    csvRow([
      entry.date,
      entry.source,
      entry.amount,
      entry.description,
      entry.paid_amount ?? entry.amount,
      entry.currency,
      entry.rate,
      entry.rate_date,
      entry.transaction_id,
      entry.gross_amount,
      entry.fee_amount,
      entry.payer,
    ]),
  );
  const name = ['ballast-revenue', filters.source, filters.month].filter(Boolean).join('-');
  const header = [
    'date',
    'source',
    'amount',
    'description',
    'paid amount',
    'paid currency',
    'rate',
    'rate date',
    'transaction id',
    'gross',
    'fee',
    'from',
  ];
  return { fileName: `${name}.csv`, csv: csvRow(header) + lines.join('') };
}
