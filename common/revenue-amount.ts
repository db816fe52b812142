/** An amount of money as a creator types it, checked in the words of its own currency. */

export const MAX_ENTRY_AMOUNT = '10000000.00';
const MAX_ENTRY_PENCE = 1_000_000_000;
/** Pounds, the currency every total is in (decision 047). */
export const POUNDS = 'GBP';

/**
 * How an amount's errors name its money: "more than $0", "whole cents"; each sign as the lists show it
 * (`formatPaid`: "$" and "€" plain, the others unambiguous).
 */
const MONEY_WORDS: Record<string, { symbol: string; name: string; minor: string }> = {
  GBP: { symbol: '£', name: 'pounds', minor: 'pence' },
  USD: { symbol: '$', name: 'dollars', minor: 'cents' },
  EUR: { symbol: '€', name: 'euros', minor: 'cents' },
  AUD: { symbol: 'A$', name: 'Australian dollars', minor: 'cents' },
  CAD: { symbol: 'CA$', name: 'Canadian dollars', minor: 'cents' },
  NZD: { symbol: 'NZ$', name: 'New Zealand dollars', minor: 'cents' },
};

export function moneyWords(currency: string) {
  return MONEY_WORDS[currency] ?? { symbol: `${currency} `, name: currency, minor: 'hundredths' };
}

export const amountFormatMessage = (currency: string = POUNDS) =>
  `Enter the amount in ${moneyWords(currency).name} as a number, like 12.50.`;

export const AMOUNT_FORMAT_MESSAGE = amountFormatMessage(POUNDS);

/**
 * Checks an amount written as text and returns it with exactly two decimals ("7.5" → "7.50"); the
 * reasons speak of the amount's own currency. Money never passes through a float: the digits are
 * checked as text and stored as NUMERIC(12,2).
 */
export function parseAmount(
  text: string,
  currency: string = POUNDS,
): { amount: string } | { problem: string } {
  const words = moneyWords(currency);
  const value = text.trim();
  if (value.startsWith('-')) return { problem: 'The amount cannot be negative.' };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return { problem: amountFormatMessage(currency) };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > 2) return { problem: `Use at most two decimal places (whole ${words.minor}).` };
  const digits = whole.replace(/^0+(?=\d)/, '');
  const tooLarge = `The amount can be at most ${words.symbol}${Number(MAX_ENTRY_AMOUNT).toLocaleString('en-GB')} per entry.`;
  if (digits.length > 8) return { problem: tooLarge };
  const pence = Number(digits) * 100 + Number(fraction.padEnd(2, '0'));
  if (pence > MAX_ENTRY_PENCE) return { problem: tooLarge };
  // A zero entry would count as a stream and pull the average per stream down.
  if (pence === 0) return { problem: `The amount must be more than ${words.symbol}0.` };
  return { amount: `${digits}.${fraction.padEnd(2, '0')}` };
}
