/*
 * Decimal text as whole numbers of its smallest unit, so money and rates are added, multiplied and
 * divided exactly (decision 008): "12.345" at 3 places is 12345n.
 */

/** A decimal's digits at a fixed number of places (cut beyond them); 0n for text that is not a decimal. */
export function toUnits(text: string, places: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return 0n;
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole + fraction.padEnd(places, '0').slice(0, places));
  return sign ? -units : units;
}

/** Whole units back as decimal text with `places` decimals. */
export function fromUnits(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  const text = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
  return negative ? `-${text}` : text;
}

/** The number of decimals a decimal text is written with. */
export const placesOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** numerator / denominator, both positive, rounded half-up to a whole number. */
export const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);
