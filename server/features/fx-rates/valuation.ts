import { divideHalfUp, fromUnits, placesOf, toUnits } from '../../decimal';
/**
 * Pounds from another currency through the euro (decision 047): the ECB publishes how many units of
 * each currency one euro buys, so X in currency C on a day is X × rate(GBP) / rate(C) pounds. The sum
 * is done in integers (pence and the published digits), rounded half-up to the penny once, here.
 */

export const EURO = 'EUR';

/** "0.86408" → 86408n and 5 decimals. */
function scaled(decimal: string): { units: bigint; places: number } {
  const places = placesOf(decimal);
  return { units: toUnits(decimal, places), places };
}

const TEN = 10n;

/**
 * The value in pounds of `amount` (two-decimal text) at the two rates per euro of one day: the
 * pound's and the currency's (the euro's is "1").
 */
export function poundsFrom(amount: string, rates: { pound: string; currency: string }): string {
  const pence = scaled(amount);
  const pound = scaled(rates.pound);
  const currency = scaled(rates.currency);
  // pence/10^p × (pound/10^g) ÷ (currency/10^c), in pence.
  const numerator = pence.units * pound.units * TEN ** BigInt(currency.places) * 100n;
  const denominator = currency.units * TEN ** BigInt(pence.places + pound.places);
  return fromUnits(divideHalfUp(numerator, denominator), 2);
}

/** Pounds for one unit of the currency, to six decimals: the rate shown and kept beside the entry. */
export function crossRate(rates: { pound: string; currency: string }): string {
  const pound = scaled(rates.pound);
  const currency = scaled(rates.currency);
  const numerator = pound.units * TEN ** BigInt(currency.places + 6);
  const denominator = currency.units * TEN ** BigInt(pound.places);
  return fromUnits(divideHalfUp(numerator, denominator), 6);
}
