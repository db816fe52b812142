import { type Paid, POUNDS, type RevenueCurrencies } from '@common/revenue';
import type { RevenueImportRow } from '@common/revenue-import';
import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { acceptedCurrencies, unknownCurrencyMessage, valueInPounds } from '../fx-rates/public';
import { findProvisionalEntries, type ProvisionalEntry, revalueEntry, usedCurrencies } from './paid-store';

export type Payment = { amount: string; currency: string; date: string };

/**
 * The pounds an entry counts for, and what was paid when it was not pounds (decision 047). A currency
 * without rates is refused with a 400 naming it.
 */
export async function valuePayment(
  db: DbOrTx,
  payment: Payment,
): Promise<{ amount: string; paid: Paid | null }> {
  const [valued] = await valueInPounds(db, [payment]);
  if (!valued || 'problem' in valued) {
    const problem = valued?.problem ?? 'The currency could not be valued.';
    throw new AppError('VALIDATION_ERROR', `currency: ${problem}`, { currency: problem });
  }
  return { amount: valued.pounds, paid: valued.paid };
}

/** A currency the creator chose for a whole file, refused with a 400 naming it when no rates know it. */
export async function checkCurrencyKnown(db: DbOrTx, currency: string) {
  if (currency === POUNDS) return;
  const accepted = await acceptedCurrencies(db);
  if (accepted.includes(currency)) return;
  const problem = unknownCurrencyMessage(currency, accepted);
  throw new AppError('VALIDATION_ERROR', `currency: ${problem}`, { currency: problem });
}

const REVALUE_BATCH = 500;

/**
 * Run by the rates job after new days arrive: every provisional entry is valued again at the rates
 * now known for its date, and stops being provisional once its day's (or a later day's) rates are in.
 */
export async function revalueProvisionalEntries(db: Db): Promise<number> {
  let revalued = 0;
  let after: ProvisionalEntry | null = null;
  for (;;) {
    const batch = await findProvisionalEntries(db, after, REVALUE_BATCH);
    if (batch.length === 0) return revalued;
    const values = await valueInPounds(db, batch);
    for (const [index, entry] of batch.entries()) {
      const valued = values[index];
      if (valued && !('problem' in valued) && valued.paid) {
        await revalueEntry(db, entry, valued.pounds, valued.paid);
        revalued += 1;
      }
    }
    after = batch.at(-1)!;
  }
}

/** For the form: pounds first, then the currencies the creator has used, then every other one known. */
export async function listCurrencies(db: Db, userId: string): Promise<RevenueCurrencies> {
  const [accepted, used] = await Promise.all([acceptedCurrencies(db), usedCurrencies(db, userId)]);
  const usedKnown = used.filter((code) => accepted.includes(code));
  const rest = accepted.filter((code) => code !== POUNDS && !usedKnown.includes(code));
  return { currencies: [POUNDS, ...usedKnown, ...rest], usedCount: usedKnown.length };
}

/**
 * An import's rows paid in another currency (read from a currency column or a header such as
 * "Sale Price ($)"), each valued at its own date's rates; a currency without rates refuses its row.
 * `currencies[i]` is row i's currency, null for pounds.
 */
export async function valueImportedRows(db: DbOrTx, rows: RevenueImportRow[], currencies: (string | null)[]) {
  const foreign = rows.flatMap((row, index) => {
    const currency = currencies[index];
    return row.entry && currency ? [{ row, entry: row.entry, currency }] : [];
  });
  if (foreign.length === 0) return;
  const values = await valueInPounds(
    db,
    foreign.map(({ entry, currency }) => ({ amount: entry.amount, currency, date: entry.date })),
  );
  for (const [index, { row, entry }] of foreign.entries()) {
    const valued = values[index]!;
    if ('problem' in valued) {
      Object.assign(row, {
        isAccepted: false,
        entry: null,
        problems: [...row.problems, `amount: ${valued.problem}`],
      });
    } else {
      row.entry = { ...entry, amount: valued.pounds, ...(valued.paid ? { paid: valued.paid } : {}) };
    }
  }
}
