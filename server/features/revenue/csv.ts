export type CsvRecord = { line: number; cells: string[] };

export class CsvSyntaxError extends Error {}

/**
 * RFC 4180 CSV: comma-separated, fields optionally in double quotes (a doubled quote inside is one
 * quote; quoted fields may hold commas and line breaks), lines ending in LF, CRLF or CR, an optional
 * byte-order mark. Each record keeps the line it starts on, so problems can point at it.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let isQuoted = false;
  let quoteLine = 0;

  const endField = () => {
    cells.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push({ line: recordLine, cells });
    cells = [];
  };

  while (index < text.length) {
    const char = text[index]!;
    if (isQuoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 2;
          continue;
        }
        isQuoted = false;
      } else {
        if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line += 1;
        field += char;
      }
      index += 1;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      // A quote opens a field only at its start (spaces before it are dropped, as spreadsheets do).
      field = '';
      isQuoted = true;
      quoteLine = line;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      endRecord();
      line += 1;
      recordLine = line;
    } else {
      field += char;
    }
    index += 1;
  }
  if (isQuoted) throw new CsvSyntaxError(`A quoted field that starts on line ${quoteLine} is never closed.`);
  if (field !== '' || cells.length > 0) endRecord();
  return records;
}
