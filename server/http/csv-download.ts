/**
 * CSV for spreadsheets. Every cell is quoted (commas, quotes and line breaks survive), and a cell that a
 * spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) gets a leading apostrophe:
 * an email like `=HYPERLINK(...)@x.com` typed into the waitlist must stay text on an operator's machine.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '""';
  const text = String(value);
  const safe = typeof value === 'string' && FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export const csvRow = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;
