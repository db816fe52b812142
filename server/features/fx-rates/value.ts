import type { DbOrTx } from '../../db/client';
import { findDayRates, knownRateCurrencies, latestRateDay } from './rates-store';
import { crossRate, EURO, POUNDS, poundsFrom } from './valuation';

/** What was paid, beside its value in pounds; null for pounds, which have no rate. */
export type Paid = {
  amount: string;
  currency: string;
  /** Pounds for one unit, six decimals, from the ECB's rates of `rateDate`. */
  rate: string;
  rateDate: string;
  /** The entry is newer than the last rates: valued at those, and again when its day's arrive. */
  provisional: boolean;
};

export type Valued = { pounds: string; paid: Paid | null };

/** Pounds first, then the euro, then every currency the ECB's rates know. */
export async function acceptedCurrencies(db: DbOrTx): Promise<string[]> {
  const known = (await knownRateCurrencies(db)).filter((code) => code !== POUNDS);
  return known.length === 0 ? [POUNDS] : [POUNDS, EURO, ...known];
}

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
  const [rates, latest] = await Promise.all([findDayRates(db, foreign), latestRateDay(db)]);
  const accepted = foreign.length > 0 ? await acceptedCurrencies(db) : [POUNDS];
  let next = 0;
  return items.map((item) => {
    if (item.currency === POUNDS) return { pounds: item.amount, paid: null };
    const day = rates[next++];
    if (!day || !accepted.includes(item.currency)) {
      return { problem: unknownCurrencyMessage(item.currency, accepted) };
    }
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
