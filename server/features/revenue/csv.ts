import { CsvError, parse } from 'csv-parse/sync';

export type CsvRecord = { line: number; cells: string[] };

export class CsvSyntaxError extends Error {}

/**
 * CSV as spreadsheets write it (csv-parse): comma-separated, fields optionally in double quotes
 * (holding commas, doubled quotes and line breaks), LF, CRLF or CR line ends, even mixed, and an
 * optional byte-order mark. A quote inside an unquoted field is kept as written. Each record keeps
 * the line it starts on, so problems can point at it.
 */
export function parseCsv(text: string): CsvRecord[] {
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info`, each record comes with where it was read.
    parsed = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as typeof parsed;
  } catch (error) {
    if (error instanceof CsvError) {
      const where = (error as CsvError & { lines?: number }).lines;
      const what =
        error.code === 'CSV_QUOTE_NOT_CLOSED'
          ? 'a quoted field is never closed'
          : 'a quoted field has text after its closing quote';
      throw new CsvSyntaxError(`The file is not valid CSV: ${what}${where ? ` (line ${where})` : ''}.`);
    }
    throw error;
  }
  // The parser reports the line each record ends on; the next one starts on the line after.
  let nextLine = 1;
  return parsed.map(({ record, info }) => {
    const line = nextLine;
    nextLine = info.lines + 1;
    return { line, cells: record };
  });
}
