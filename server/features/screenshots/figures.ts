/** A figure as an analytics screen shows it ("12.3K", "£1,204.50") and the number it stands for. */
export type Figure = { shown: string; value: number; currency: 'GBP' | 'USD' | 'EUR' | null };

const SUFFIXES: Record<string, number> = {
  k: 1e3,
  m: 1e6,
  b: 1e9,
  'tsd.': 1e3,
  'mio.': 1e6,
  'mrd.': 1e9,
  mil: 1e3,
  mi: 1e6,
  mln: 1e6,
  mld: 1e9,
};
const CURRENCIES = { '£': 'GBP', $: 'USD', US$: 'USD', '€': 'EUR' } as const;
const CODES: Record<string, Figure['currency']> = { GBP: 'GBP', USD: 'USD', EUR: 'EUR' };

/**
 * The shortenings written as words, boxed apart from their digits by OCR: German "45,6 Tsd.", Spanish
 * and Portuguese "38,4 mil" (thousands), Portuguese "1,3 mi" and Italian "1,1 Mln" (millions).
 */
export const WORD_SUFFIX = /Tsd\.|Mio\.|Mrd\.|Mln|Mld|mil|mi/;

/**
 * Digits with thousands separators (comma, point, space or a narrow space) or a decimal part (a comma
 * is a decimal point when one or two digits follow it, as in "45,6 K"), then an optional K, M or B,
 * German "Tsd.", "Mio." or "Mrd." ("45,6 Tsd."), Spanish "mil" (thousands: "38,4 mil"), Portuguese
 * "mi" or Italian "Mln" and "Mld" (millions and billions: "1,1 Mln"): a
 * lower-case "m" is minutes ("42m"), not millions, unless it follows a decimal ("1.2m", as OCR may
 * read "1.2M"). An optional £, $, € or "US$" (the Brazilian dollar sign: "US$ 14,37") before it.
 */
const FIGURE = new RegExp(
  String.raw`(US\$|[£$€])?\s?(\d{1,3}(?:[,.\u00a0\u202f ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)` +
    String.raw`(?:\s?([KMB]|k|${WORD_SUFFIX.source}|(?<=[.,]\d{1,2})m)(?![a-zA-Z]))?`,
  'y',
);

const MONTHS =
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december|janv|févr|fév|mars|avr|mai|juin|juil|août|déc|fev|abr|ago|set|out|dez|gen|mag|giu|lug|ott|dic)\.?$/i;
/** A month's name or its shortening, in the languages the platforms are read in ("Nov", "févr."). */
export const isMonth = (word: string) => MONTHS.test(word);

/** Words after a number that make it a duration, a count of days or a time of day, never a metric. */
const UNITS =
  /^(?:s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|weeks?|wks?|months?|mo|years?|yrs?|am|pm|ago|of|x)\b/i;
/** Words after a number that make it a change against another period ("312 more than usual"). */
const CHANGES = /^(?:more|less|fewer|higher|lower|up|down|vs\.?|than|compared)\b/i;

export type FigureAt = Figure & { end: number };

/**
 * The figure that starts `text` at `start` (after a sign or an arrow), or null when there is none or
 * it is not a metric: a percentage, a time ("9:41"), a date ("28 Oct", "24/11/2026"), a duration or
 * count of days ("28 days", "1h 04m"), a rank ("2 of 10") or a change ("312 more than usual").
 */
export function figureAt(text: string, start = 0): FigureAt | null {
  let index = start;
  while (index < text.length && /[\s+\-−–↑↓▲▼~•·]/.test(text[index]!)) index += 1;
  FIGURE.lastIndex = index;
  const match = FIGURE.exec(text);
  if (!match) return null;
  const [whole, symbol, digits, suffix] = match;
  const end = index + whole.length;
  const after = text.slice(end);
  const before = text.slice(0, index).trim();
  if (/^\s?%/.test(after) || /^[:/]\d/.test(after) || /^-\d/.test(after)) return null;
  const nextWord = /^\s*([^\s]+)/.exec(after)?.[1] ?? '';
  if (CHANGES.test(nextWord)) return null;
  if (!suffix) {
    if (UNITS.test(nextWord) || MONTHS.test(nextWord.replace(/[,.]$/, ''))) return null;
    // A day written with its point before the month, as German writes it ("11. Dez.", "2. Feb.").
    const afterPoint = /^\.\s*([^\s]+)/.exec(after)?.[1];
    if (afterPoint && MONTHS.test(afterPoint.replace(/[,.]$/, ''))) return null;
    // The month before it, after a space or a range's dash ("Jan 11-Feb 7").
    if (
      MONTHS.test(
        before
          .split(/[\s\-–—]+/)
          .at(-1)
          ?.replace(/,$/, '') ?? '',
      )
    )
      return null;
  }
  const number = normaliseDigits(digits!);
  if (number === null) return null;
  let currency = symbol ? CURRENCIES[symbol as keyof typeof CURRENCIES] : null;
  const trailing = /^\s?([£$€]|GBP|USD|EUR)(?![A-Za-z])/.exec(after);
  let finish = end;
  if (!currency && trailing) {
    currency = CURRENCIES[trailing[1] as keyof typeof CURRENCIES] ?? CODES[trailing[1]!] ?? null;
    finish += trailing[0].length;
  }
  const multiplier = suffix ? SUFFIXES[suffix.toLowerCase()]! : 1;
  return {
    shown: text.slice(index, finish).trim(),
    value: Math.round(number * multiplier * 100) / 100,
    currency,
    end: finish,
  };
}

function normaliseDigits(digits: string): number | null {
  // A separator followed by exactly three digits groups thousands; a last one followed by one or two
  // digits is the decimal point, whichever character it is.
  const decimal = /[.,](\d{1,2})$/.exec(digits);
  const integerPart = decimal ? digits.slice(0, decimal.index) : digits;
  // Thousands are grouped with one separator throughout: "1,877.350" is "1,877.35" with a digit more.
  if (new Set(integerPart.match(/[,.\u00a0\u202f ]/g)).size > 1) return null;
  const integer = integerPart.replace(/[,.\u00a0\u202f ]/g, '');
  if (!/^\d+$/.test(integer)) return null;
  return Number(decimal ? `${integer}.${decimal[1]}` : integer);
}

/**
 * A piece of text that is a figure and nothing else but a change beside it: "1.2M", "+12.3K",
 * "245K +12.4%", "£3,412.50 ›". Text with words after the figure ("3 posts", "2 of 10", "1,204 net")
 * is something else.
 */
export function figureOnly(raw: string): Figure | null {
  // OCR's usual confusions inside a number: "1.IM" for "1.1M", "1O4" for "104". A stroke between a
  // shortened figure's one decimal and its letter is the letter's own first stroke ("1.1IM" is "1.1M":
  // the platforms shorten to one decimal). "Min" right after a decimal comma, with no point after it,
  // is Italian's "Mln" with its "l" read as the "i" the font draws it like: German's minutes take a
  // point ("1,5 Min."), and English's are lower case.
  const text = raw
    .replace(/(?<=\d,\d{1,2}\s?)Min(?![\p{L}.])/gu, 'Mln')
    .replace(/(?<=\d[.,]\d)[Il|T](?=[KMB])/g, '')
    .replace(/(?<=[\d.,])[Il|](?=[\d.,KMBk]|$|\s)/g, '1')
    .replace(/(?<=\d[.,]?)[Oo](?=[\d.,KMBk]|$|\s)/g, '0');
  const figure = figureAt(text);
  // A digit run straight on ("12,0490": an icon beside "+2,049" read as a digit) is no figure.
  if (!figure || /^\d/.test(text.slice(figure.end))) return null;
  const rest = text.slice(figure.end).trim();
  if (rest !== '' && !/^[+\-−–↑↓▲▼(›>»|]/.test(rest) && /[a-z]/i.test(rest)) return null;
  // A sign before words is no change beside the figure: "2+ Net followers" is an icon and a caption.
  if (/^[+\-−–]\s*[a-z]/i.test(rest)) return null;
  if (/^\d[\d.,]*\d/.test(rest)) return null;
  const { end: _end, ...value } = figure;
  return value;
}

/**
 * A figure typed by a creator as the screen shows it: "1.2M", "12.3K", "45,6 K", "£3,412.50",
 * "402500". The whole text must be the figure; null when it is not one.
 */
export function parseTypedFigure(text: string): (Figure & { isChange: boolean }) | null {
  // A sign makes it a change over the screen's period: "+389" gained, "−18" lost.
  const sign = /^\s*([+−–-])/.exec(text)?.[1];
  const trimmed = text.trim().replace(/^[+−–-]/, '');
  if (trimmed === '' || trimmed.length > 40 || /^[-−–+]/.test(trimmed)) return null;
  const figure = figureAt(trimmed);
  if (!figure || trimmed.slice(figure.end).trim() !== '') return null;
  const { end: _end, ...value } = figure;
  return { ...value, value: sign && sign !== '+' ? -value.value : value.value, isChange: Boolean(sign) };
}
