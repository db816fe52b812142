import { type ImportColumnChoice, SPREADSHEET_FILE_MESSAGE } from '@common/revenue-import';
import { AppError } from '../../errors';
import { type CsvRecord, CsvSyntaxError, parseCsv } from './csv';
import { columnsOf, headerKey } from './import-cells';
import { commonNamesReader } from './import-columns';
import { readerFor, serviceReaderFor } from './import-formats';
import type { FormatReader } from './import-formats-row';
import { readWorkbookRows } from './import-workbook';

/**
 * The file as sent: its rows, the line of column names and the title or summary lines some services
 * write above it ("Fee-Earnings reports from 2025-09-01 to 2026-10-31"), which are left out and shown.
 */
export type ImportFile = { reader: FormatReader; rows: CsvRecord[]; preamble: string[] };

/** How far down a file its column names are looked for. */
const HEADER_SEARCH_LINES = 20;

/**
 * A spreadsheet workbook read as text: .xlsx (and .numbers) files are zip archives ("PK\x03\x04");
 * .xls files are compound documents, whose header holds NUL bytes that no text file has.
 */
function isSpreadsheetFile(text: string): boolean {
  return text.startsWith('PK\u0003\u0004') || text.slice(0, 4096).includes('\u0000');
}

function isHeaderOf(cells: string[], choice: ImportColumnChoice | undefined): boolean {
  if (choice) {
    const keys = new Set(cells.map(headerKey));
    return [choice.date, choice.amount].every((name) => keys.has(headerKey(name)));
  }
  if (serviceReaderFor(cells)) return true;
  try {
    commonNamesReader(cells, columnsOf(cells));
    return true;
  } catch {
    return false;
  }
}

/** The line of column names: the first that a reader knows, else the first of the widest lines. */
function findHeader(records: CsvRecord[], choice: ImportColumnChoice | undefined): number {
  const searched = records.slice(0, HEADER_SEARCH_LINES);
  const known = searched.findIndex((record) => isHeaderOf(record.cells, choice));
  if (known >= 0) return known;
  const width = (record: CsvRecord) => record.cells.filter((cell) => cell.trim() !== '').length;
  const widest = Math.max(...searched.map(width));
  return searched.findIndex((record) => width(record) === widest);
}

function readCsvRows(csv: string): CsvRecord[] {
  if (isSpreadsheetFile(csv)) throw new AppError('VALIDATION_ERROR', SPREADSHEET_FILE_MESSAGE);
  try {
    return parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw new AppError('VALIDATION_ERROR', error.message);
    throw error;
  }
}

/** The file sent: CSV text, or an Excel workbook (base64) read as its first sheet. */
export type ImportSource = { csv?: string | undefined; workbook?: string | undefined };

export async function readImportFile(
  source: ImportSource,
  choice: ImportColumnChoice | undefined,
): Promise<ImportFile> {
  const all =
    source.workbook !== undefined ? await readWorkbookRows(source.workbook) : readCsvRows(source.csv ?? '');
  const records = all.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  if (records.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty.');
  const at = findHeader(records, choice);
  const header = records[at]!;
  const reader = readerFor(header.cells, choice);
  const preamble = records.slice(0, at).map((record) =>
    record.cells
      .map((cell) => cell.trim())
      .filter(Boolean)
      .join(', '),
  );
  return { reader, rows: records.slice(at + 1), preamble };
}
