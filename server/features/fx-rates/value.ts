import { type Paid, POUNDS } from '@common/revenue';
import type { DbOrTx } from '../../db/client';
import { findDayRates, knownRateCurrencies, latestRateDay } from './rates-store';
import { crossRate, EURO, poundsFrom } from './valuation';

type Valued = { pounds: string; paid: Paid | null };

/** Pounds first, then the euro, then every currency the ECB's rates know. */
export async function acceptedCurrencies(db: DbOrTx): Promise<string[]> {
  const known = (await knownRateCurrencies(db)).filter((code) => code !== POUNDS);
  return known.length === 0 ? [POUNDS] : [POUNDS, EURO, ...known];
}

/** Why a currency cannot be valued, with the ones that can. */
export function unknownCurrencyMessage(code: string, accepted: string[]): string {
  if (accepted.length === 1) {
    return `No exchange rates have been fetched yet, so ${code} cannot be valued in pounds: record the entry in GBP for now.`;
  }
  return `${code} is not a currency we have exchange rates for. Use one of: ${accepted.join(', ')}.`;
}

/**
 * Each amount's value in pounds at the ECB reference rates of its date (the last published day on or
 * before it: weekends and holidays take the day before). An entry dated after the newest rates is valued
 * at those and marked provisional. Answers a problem for a currency without rates.
 */
export async function valueInPounds(
  db: DbOrTx,
  items: { amount: string; currency: string; date: string }[],
): Promise<({ problem: string } | Valued)[]> {
  const foreign = items.filter((item) => item.currency !== POUNDS);
  // Pounds need no rate: nothing is read for them.
  if (foreign.length === 0) return items.map((item) => ({ pounds: item.amount, paid: null }));
  const [rates, latest] = await Promise.all([findDayRates(db, foreign), latestRateDay(db)]);
  // A currency without rates has no day; the currencies that have some are read only to say so.
  const accepted = rates.includes(null) ? await acceptedCurrencies(db) : [];
  let next = 0;
  return items.map((item) => {
    if (item.currency === POUNDS) return { pounds: item.amount, paid: null };
    const day = rates[next++];
    if (!day) return { problem: unknownCurrencyMessage(item.currency, accepted) };
    const pair = { pound: day.pound, currency: day.currency };
    return {
      pounds: poundsFrom(item.amount, pair),
      paid: {
        amount: item.amount,
        currency: item.currency,
        rate: crossRate(pair),
        rateDate: day.day,
        provisional: latest === null || item.date > latest || day.day > item.date,
      },
    };
  });
}
